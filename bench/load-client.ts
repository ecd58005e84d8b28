/**
 * The placement bench's load generator, run as its own process so the server's event loop does not also drive the
 * load: reads { base, tokens, perUser, path, bodies } as JSON on stdin, sends each user's requests one after another
 * (all users at once), and prints { latencies, failures, seconds } as JSON on stdout.
 */
interface Job {
  base: string;
  tokens: string[];
  perUser: number;
  path: string;
  /** One request body per position in a user's sequence (cycled). */
  bodies: object[];
}

async function main(): Promise<void> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  const job = JSON.parse(text) as Job;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    job.tokens.map(async (token) => {
      for (let i = 0; i < job.perUser; i++) {
        const t0 = performance.now();
        const res = await fetch(`${job.base}${job.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: token },
          body: JSON.stringify(job.bodies[i % job.bodies.length]),
        });
        const body = (await res.json()) as { type: unknown };
        if (res.status !== 200 || body.type !== "ok") failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  process.stdout.write(JSON.stringify({ latencies, failures, seconds: (performance.now() - started) / 1000 }));
}

void main();
