import { and, eq, like } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { session, user, verification } from "~/server/db/schema/index.server";

export type SetSuspendedResult = { ok: true; changed: boolean } | { ok: false; reason: "own-account" | "not-found" };

/** Stored as better-auth's ban reason; the backoffice shows who and when from banned_by/banned_at. */
const BAN_REASON = "Suspended in the backoffice";

/**
 * Suspends or restores a user (the terms reserve suspension). A suspended user is signed
 * out everywhere at once (their sessions are deleted in the same transaction), cannot sign
 * in again (better-auth's admin plugin refuses a banned user a session), reset links mailed
 * before stop working (and no new one is mailed: auth.server.ts), and their calendar
 * feed answers 404; their bookmarks and feed token are kept for when they are restored.
 * An administrator cannot suspend themself, which also keeps one administrator able to
 * sign in. better-auth's banUser does the same two writes outside a transaction and without
 * the record of who and when, so the rows are written here.
 */
export async function setUserSuspended(db: Db, targetUserId: string, suspended: boolean, actor: { id: string }): Promise<SetSuspendedResult> {
  if (targetUserId === actor.id) return { ok: false, reason: "own-account" };
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ banned: user.banned }).from(user).where(eq(user.id, targetUserId)).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (Boolean(current.banned) === suspended) return { ok: true, changed: false } as const;
    const record = suspended
      ? { banned: true, banReason: BAN_REASON, banExpires: null, bannedAt: new Date(), bannedBy: actor.id }
      : { banned: false, banReason: null, banExpires: null, bannedAt: null, bannedBy: null };
    await tx.update(user).set({ ...record, updatedAt: new Date() }).where(eq(user.id, targetUserId));
    if (suspended) {
      await tx.delete(session).where(eq(session.userId, targetUserId));
      // Reset links already mailed stop working too (better-auth's: identifier "reset-password:<token>", value the user's id).
      await tx.delete(verification).where(and(eq(verification.value, targetUserId), like(verification.identifier, "reset-password:%")));
    }
    return { ok: true, changed: true } as const;
  });
}
