import type { PGlite } from "@electric-sql/pglite";
import { invalidateDomainCaches } from "./domain-cache.server";

const WATCHED = Symbol("invalidates caches on socket queries");

/**
 * The embedded database is one process, but the CLI (`npm run cli -- import …`)
 * and the e2e fixtures reach it through its Unix socket and change domains
 * there, where no use case calls invalidateDomainCaches(). Every message that
 * comes in through the socket drops this process's cached pages, sections and
 * totals once it has run (before the client reads the answer's end, so the
 * next page it asks for is fresh). The socket server (pglite-socket) is the only
 * caller of execProtocolRawStream; the app's own queries do not pass here.
 * Reads through the socket drop the caches too: rare, and cheaper than parsing SQL.
 */
export function invalidateCachesOnSocketQueries(pglite: PGlite): void {
  const target = pglite as PGlite & { [WATCHED]?: true };
  if (target[WATCHED]) return;
  target[WATCHED] = true;
  const execProtocolRawStream = pglite.execProtocolRawStream.bind(pglite);
  pglite.execProtocolRawStream = async (message, options) => {
    try {
      return await execProtocolRawStream(message, {
        ...options,
        onRawData: (data) => {
          // The statement has run by the time its answer comes out.
          invalidateDomainCaches();
          options?.onRawData(data);
        },
      });
    } finally {
      invalidateDomainCaches();
    }
  };
}
