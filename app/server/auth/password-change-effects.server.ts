import { and, eq, like } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user, verification } from "~/server/db/schema/index.server";
import { enqueueEmail } from "~/server/email/enqueue-email.server";
import { requestEmailDelivery } from "~/server/email/request-email-delivery.server";
import { getSiteConfig } from "~/server/site-config.server";
import { passwordChangedEmail } from "./account-emails.server";

/**
 * What follows a new password, whether set on /account or with a reset link (the
 * sessions are ended by better-auth itself): reset links still out for the account
 * stop working, and the owner gets a mail saying the password changed. A reset link
 * also proves the person reads the mailbox, so an unconfirmed address counts as confirmed.
 */
export async function afterPasswordChange(db: Db, account: { id: string; email: string }, options: { via: "reset" | "change" }) {
  await db.transaction(async (tx) => {
    // better-auth stores a reset link as identifier "reset-password:<token>", value = the user's id.
    await tx.delete(verification).where(and(eq(verification.value, account.id), like(verification.identifier, "reset-password:%")));
    if (options.via === "reset") await tx.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    await enqueueEmail(tx, passwordChangedEmail({ to: account.email }, getSiteConfig()));
  });
  await requestEmailDelivery();
}
