import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";

/** Whether `email` is one of the ADMIN_EMAILS addresses (already lower case). */
export function isListedAdminEmail(email: string, adminEmails: readonly string[]) {
  return adminEmails.includes(email.trim().toLowerCase());
}

/**
 * ADMIN_EMAILS grants the admin role; run at every sign-in so adding an address
 * takes effect on that person's next sign-in. It never takes the role away: admins
 * made with `npm run cli -- promote` are not in the list. Returns true if it changed.
 */
export async function syncAdminRole(db: Db, userId: string, adminEmails: readonly string[]) {
  if (adminEmails.length === 0) return false;
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row || !isListedAdminEmail(row.email, adminEmails)) return false;
  const updated = await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(and(eq(user.id, userId), or(isNull(user.role), ne(user.role, "admin"))))
    .returning({ id: user.id });
  return updated.length > 0;
}
