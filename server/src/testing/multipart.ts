import type { Answer, TestServer } from "./harness";

/** A file part as a client sends it; the name and type are only what the client claims (tests may lie in both). */
export interface FilePart {
  data: Buffer;
  /** `<field>.png` unless given. */
  name?: string;
  /** `image/png` unless given. */
  type?: string;
}

/**
 * POSTs a multipart form to `url` (`/api/...`) as the app's client does: the text fields, then the files. A field
 * or file given as undefined is left out, so a test can drop one part of an otherwise complete form.
 */
export async function postMultipart<T = unknown>(
  server: Pick<TestServer, "app">,
  url: string,
  form: { token?: string; fields?: Record<string, string | undefined>; files?: Record<string, Buffer | FilePart | undefined> },
): Promise<Answer<T>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields ?? {})) if (value !== undefined) body.append(name, value);
  for (const [name, file] of Object.entries(form.files ?? {})) {
    if (!file) continue;
    const part = Buffer.isBuffer(file) ? { data: file } : file;
    body.append(name, new Blob([new Uint8Array(part.data)], { type: part.type ?? "image/png" }), part.name ?? `${name}.png`);
  }
  const encoded = new Response(body);
  const response = await server.app.inject({
    method: "POST",
    url,
    headers: { ...(form.token ? { authorization: form.token } : {}), "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}
