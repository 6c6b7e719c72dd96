import { logger } from "~/server/logger.server";

export type ListResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Runs one list query for a page. A failure is logged with its context and
 * becomes the list's Swedish message (docs/product.md, "The texts that matter"), so one broken list never
 * takes the whole page down.
 */
export async function tryList<T>(context: Record<string, unknown> & { list: string }, message: string, work: () => Promise<T>): Promise<ListResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    logger.error({ err: error, ...context }, "list query failed");
    return { ok: false, error: message };
  }
}
