import { formatWaitSv } from "~/domain/format";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getClientIp, rateLimitBucket } from "~/server/security/client-ip.server";

/**
 * Downloads per address, the list views' files and /statistik's CSVs together: a hunter
 * downloads a few; a script fetching them over and over is stopped (docs/product.md, "Downloads").
 */
export const DOWNLOAD_RATE_LIMIT = { name: "export", points: 30, durationSeconds: 10 * 60 };

/** Counts a download for the request's address: the 429 to answer once it is past the limit, else null. */
export async function refuseDownloadOverLimit(request: Request): Promise<Response | null> {
  const bucket = rateLimitBucket(getClientIp(request.headers));
  if (!bucket) return null;
  const limit = await consumeRateLimit(DOWNLOAD_RATE_LIMIT, bucket);
  if (limit.ok) return null;
  return new Response(`För många nedladdningar. Försök igen om ${formatWaitSv(limit.retryAfterSeconds)}.`, {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(limit.retryAfterSeconds) },
  });
}
