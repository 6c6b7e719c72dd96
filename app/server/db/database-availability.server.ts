import { logger } from "~/server/logger.server";

/**
 * A circuit breaker for database outages. When a request fails because the
 * database cannot be reached, page requests are answered at once with a
 * Swedish 503 page instead of each waiting for its own connection timeout; a
 * probe closes the circuit as soon as the database answers again.
 */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; message?: string; cause?: unknown };
    if (candidate.code && CONNECTION_ERROR_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === "string" && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

let down = false;
let probing: ReturnType<typeof setInterval> | undefined;

export function databaseLooksDown() {
  return down;
}

/** Opens the circuit and probes every second with `probe` until it succeeds. */
export function noteDatabaseUnavailable(probe: () => Promise<unknown>) {
  if (down) return;
  down = true;
  logger.error("database unreachable: answering page requests with 503 until it returns");
  probing = setInterval(() => {
    probe().then(
      () => {
        down = false;
        clearInterval(probing);
        probing = undefined;
        logger.info("database reachable again");
      },
      () => undefined,
    );
  }, 1000);
  probing.unref();
}

export function resetDatabaseAvailabilityForTests() {
  down = false;
  if (probing) clearInterval(probing);
  probing = undefined;
}
