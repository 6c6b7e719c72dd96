import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { account, bookmarks, calendarFeeds, emailOutbox, savedSearches, session, user, verification, watchFeeds } from "~/server/db/schema/index.server";
import { ACCOUNT_MAIL_KINDS } from "~/server/auth/account-emails.server";
import { isLastActiveAdmin } from "./active-users.server";
import { deleteSentMessages } from "./sent-messages.server";

export type DeleteAccountResult = { ok: true } | { ok: false; reason: "last-admin" | "not-found" };

/**
 * Deletes a user and everything kept for them, in one transaction (the right to erasure the
 * privacy page promises): sessions, the password, bookmarks, the calendar feed's token, saved
 * searches with their feed tokens, links
 * still out (password reset), the mails about the account (confirmation, reset, notices)
 * with the address in them, and the contact messages and premium enquiries sent from the
 * account's address with their mails. The only administrator who can still sign in cannot
 * go: someone must be left to run the backoffice.
 */
export async function deleteAccount(db: Db, userId: string): Promise<DeleteAccountResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, userId)).for("update");
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.role === "admin" && (await isLastActiveAdmin(tx, userId))) return { ok: false, reason: "last-admin" } as const;
    // better-auth keeps reset (and delete) links as verification rows whose value is the user's id.
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(emailOutbox).where(and(eq(emailOutbox.toAddress, row.email), inArray(emailOutbox.kind, [...ACCOUNT_MAIL_KINDS])));
    await deleteSentMessages(tx, row.email);
    // The foreign keys would cascade these; written out so the list of what goes is read here.
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(watchFeeds).where(eq(watchFeeds.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
    return { ok: true } as const;
  });
}
