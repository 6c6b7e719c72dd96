import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { parseWatchImport, planWatchImport, type WatchImportPlan } from "~/domain/watch-import";
import type { Db } from "~/server/db/client.server";
import { bookmarks } from "~/server/db/schema/index.server";
import { MAX_BOOKMARKS_PER_USER, type Tx, withWatchesLocked } from "./set-bookmark.server";

/** A list checked against the account: what saving it would do, and a fingerprint of the names it would add. */
export type WatchImportPreview =
  | { ok: true; format: "text" | "csv"; plan: WatchImportPlan; fingerprint: string }
  | { ok: false; error: string };

export type SaveWatchImportResult =
  | { ok: true; added: number; alreadyWatched: number; refused: number }
  | { ok: false; reason: "invalid"; error: string }
  /** The account changed since the preview (`fingerprint`): nothing was saved; here is the list checked again. */
  | { ok: false; reason: "changed"; preview: Extract<WatchImportPreview, { ok: true }>; limitReached: boolean };

/**
 * Bulk watching, the preview (docs/product.md, "Watching names in bulk"): reads the
 * list and checks it against the account's watches as they are now. Saves nothing.
 */
export async function previewWatchImport(db: Db, userId: string, input: string): Promise<WatchImportPreview> {
  const list = parseWatchImport(input);
  if (!list.ok) return list;
  const watched = await watchedNamesOf(db, userId);
  const plan = planWatchImport(list, watched, watched.size, MAX_BOOKMARKS_PER_USER);
  return { ok: true, format: list.format, plan, fingerprint: fingerprintOf(plan) };
}

/**
 * Bulk watching, the save: reads and checks the list again (the client's preview is not
 * trusted), under the user-row lock every add takes (withWatchesLocked), and inserts every
 * name to add in one statement of one transaction: all of them or none. When
 * `expectedFingerprint` (the preview's) is given and the names to add are no longer those
 * the preview showed (a watch added or removed meanwhile, the limit reached), nothing is
 * saved and the new check comes back instead.
 */
export async function saveWatchImport(db: Db, userId: string, input: string, expectedFingerprint?: string): Promise<SaveWatchImportResult> {
  const list = parseWatchImport(input);
  if (!list.ok) return { ok: false, reason: "invalid", error: list.error };
  return withWatchesLocked(db, userId, async (tx) => {
    const watched = await watchedNamesOf(tx, userId);
    const plan = planWatchImport(list, watched, watched.size, MAX_BOOKMARKS_PER_USER);
    const fingerprint = fingerprintOf(plan);
    if (expectedFingerprint !== undefined && fingerprint !== expectedFingerprint) {
      const limitReached = plan.refused.some((line) => line.kind === "over-limit");
      return { ok: false, reason: "changed", preview: { ok: true, format: list.format, plan, fingerprint }, limitReached } as const;
    }
    if (plan.toAdd.length > 0) {
      await tx
        .insert(bookmarks)
        .values(plan.toAdd.map((name) => ({ userId, domainName: name.ace })))
        .onConflictDoNothing({ target: [bookmarks.userId, bookmarks.domainName] });
    }
    return { ok: true, added: plan.toAdd.length, alreadyWatched: plan.alreadyWatched.length, refused: plan.refused.length } as const;
  });
}

/** How many names the account watches. */
export async function countWatches(db: Db, userId: string): Promise<number> {
  return db.$count(bookmarks, eq(bookmarks.userId, userId));
}

/** The account's watched names (at most MAX_BOOKMARKS_PER_USER): the set to check a list against, and its size the count. */
async function watchedNamesOf(db: Db | Tx, userId: string): Promise<Set<string>> {
  const rows = await db.select({ name: bookmarks.domainName }).from(bookmarks).where(eq(bookmarks.userId, userId));
  return new Set(rows.map((row) => row.name));
}

/** What the save would add, in a short form the confirm form carries back: a different list of names, a different print. */
function fingerprintOf(plan: WatchImportPlan): string {
  return createHash("sha256")
    .update(plan.toAdd.map((name) => name.ace).join("\n"))
    .digest("base64url")
    .slice(0, 22);
}
