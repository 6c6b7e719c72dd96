import { startHttpFixtureServer } from "~support/http-fixture-server";

/** What the fake registry says about a name: its answer word, a 500, or nothing for `delayMs`. */
export type FakeDasBehaviour = "free" | "occupied" | "not_valid" | "error-500" | "garbage" | { slowMs: number };

/**
 * The registry's availability service (DAS) on 127.0.0.1: `GET /free?q=<name>`
 * answers one line such as "occupied hund.se". Records each request's name,
 * arrival time and User-Agent, so tests can check the rate limit and who asked.
 */
export async function startFakeDas(behaviours: Record<string, FakeDasBehaviour>, fallback: FakeDasBehaviour = "free") {
  const calls: { name: string; at: number; userAgent: string | undefined }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = await startHttpFixtureServer({
    "/free": (request, response) => {
      const name = new URL(request.url ?? "/", "http://das").searchParams.get("q") ?? "";
      calls.push({ name, at: performance.now(), userAgent: request.headers["user-agent"] });
      const behaviour = behaviours[name] ?? fallback;
      if (behaviour === "error-500") return response.writeHead(500).end("internal error");
      if (behaviour === "garbage") return response.writeHead(200).end(`freely ${name}\n`);
      if (typeof behaviour === "object") {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) response.writeHead(200).end(`free ${name}\n`);
        }, behaviour.slowMs);
        timers.add(timer);
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" }).end(`${behaviour} ${name}\n`);
    },
  });
  return {
    calls,
    url: server.url("/free"),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}
