import type { Tld } from "~/domain/names";
import { describeNetworkFailure } from "~/server/http/network-failure.server";

/** The registry availability service's (DAS) three answers. */
export type DasAnswer = "free" | "occupied" | "not_valid";

export const DAS_REQUEST_TIMEOUT_MS = 5000;

export type DasClient = {
  check(aceName: string, tld: Tld): Promise<DasAnswer>;
};

export class DasError extends Error {
  override name = "DasError";
}

/** Who asks, as the registry's operators see it: the site and how to reach its people. */
export function dasUserAgent(site: { siteUrl: string; contactEmail: string }): string {
  return `SnartLediga/1 (+${site.siteUrl}; ${site.contactEmail})`;
}

/**
 * Asks the registry's availability service about one name:
 * `GET <url>?q=<ACE name>` answers one line, "free x.se", "occupied x.se" or
 * "not_valid x.se". Only the first word counts, compared whole: a name can
 * contain "free". Timeouts, HTTP errors and any other answer throw DasError.
 */
export function createDasClient(options: { seUrl: string; nuUrl: string; timeoutMs?: number; userAgent?: string }): DasClient {
  const timeoutMs = options.timeoutMs ?? DAS_REQUEST_TIMEOUT_MS;
  return {
    async check(aceName, tld) {
      const url = new URL(tld === ".nu" ? options.nuUrl : options.seUrl);
      url.searchParams.set("q", aceName);
      let response: Response;
      try {
        response = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: "text/plain", ...(options.userAgent ? { "user-agent": options.userAgent } : {}) },
        });
      } catch (error) {
        const timedOut = (error as Error).name === "TimeoutError";
        // fetch says only "fetch failed": the reason ("connection refused") is in its cause.
        throw new DasError(timedOut ? `no answer within ${timeoutMs} ms` : describeNetworkFailure(error));
      }
      const body = await response.text().catch(() => "");
      if (!response.ok) throw new DasError(`HTTP ${response.status}`);
      const firstWord = body.trim().split(/\s+/, 1)[0];
      if (firstWord === "free" || firstWord === "occupied" || firstWord === "not_valid") return firstWord;
      throw new DasError(`unexpected answer ${JSON.stringify(body.slice(0, 60))}`);
    },
  };
}
