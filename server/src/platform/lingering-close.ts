import type { FastifyInstance } from "fastify";

/** The most of a refused body read and thrown away after the answer, and for how long, before the socket is closed. */
export const LINGER_BYTES = 16 * 1024 * 1024;
export const LINGER_MS = 15_000;

/**
 * A body over the size limit is answered 413 while the client is still sending it. Fastify marks that answer
 * `Connection: close`, and Node destroys the socket as soon as the answer is out: the rest of the body then reaches a
 * closed socket, the kernel answers it with a reset, and a client still sending loses the 413 it had not read yet (the
 * probe's resets on 2 MB bodies). Instead the rest of the body is read and thrown away (a lingering close, as web
 * servers do) and the connection stays usable, up to `LINGER_BYTES` more or `LINGER_MS`; beyond that the socket is
 * closed, so nobody can keep the server reading.
 */
export function installLingeringClose(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const incoming = request.raw;
    if (incoming.complete || String(reply.getHeader("connection") ?? "").toLowerCase() !== "close") return payload;
    reply.removeHeader("connection");
    let read = 0;
    const stop = () => {
      clearTimeout(timer);
      incoming.off("data", count);
    };
    const giveUp = () => {
      stop();
      // The message's destroy closes its socket (and works on an injected request, whose socket is a stand-in).
      incoming.destroy();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) giveUp();
    };
    const timer = setTimeout(giveUp, LINGER_MS);
    timer.unref();
    incoming.on("data", count);
    incoming.once("end", stop);
    incoming.once("close", stop);
    incoming.resume();
    return payload;
  });
}
