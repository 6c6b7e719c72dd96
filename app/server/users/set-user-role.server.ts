import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";
import { isLastActiveAdmin } from "./active-users.server";

export type SetUserRoleResult = { ok: true } | { ok: false; reason: "not-found" | "last-admin" };

/**
 * Gives or takes the admin role by e-mail (the CLI's promote and demote). The only
 * administrator who can still sign in keeps the role, as they keep their account
 * (deleteAccount): someone must be left to run the backoffice.
 */
export async function setUserRole(db: Db, email: string, role: "admin" | "user"): Promise<SetUserRoleResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for("update");
    if (!target) return { ok: false, reason: "not-found" } as const;
    if (role !== "admin" && target.role === "admin" && (await isLastActiveAdmin(tx, target.id))) return { ok: false, reason: "last-admin" } as const;
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, target.id));
    return { ok: true } as const;
  });
}
