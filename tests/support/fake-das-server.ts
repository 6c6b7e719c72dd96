import { afterEach } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
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

/**
 * The fake registry as the app's own jobs reach it (DAS_SE_URL, DAS_NU_URL, a rate that does not
 * slow a test): `answer` starts one that answers so from now on, in place of the one before; each
 * test's end closes it and restores the configuration.
 */
export function fakeRegistryForEachTest(ratePerSecond = 1000) {
  let das: Awaited<ReturnType<typeof startFakeDas>> | undefined;
  const configure = (settings: Record<(typeof REGISTRY_SETTINGS)[number], string> | null) => {
    for (const key of REGISTRY_SETTINGS) {
      if (settings) process.env[key] = settings[key];
      else delete process.env[key];
    }
    resetEnvForTests();
  };
  afterEach(async () => {
    await das?.close();
    das = undefined;
    configure(null);
  });
  return {
    async answer(behaviours: Record<string, FakeDasBehaviour>, fallback: FakeDasBehaviour = "free") {
      await das?.close();
      das = await startFakeDas(behaviours, fallback);
      configure({ DAS_SE_URL: das.url, DAS_NU_URL: das.url, DAS_RATE_PER_SECOND: String(ratePerSecond) });
      return das;
    },
  };
}

const REGISTRY_SETTINGS = ["DAS_SE_URL", "DAS_NU_URL", "DAS_RATE_PER_SECOND"] as const;
