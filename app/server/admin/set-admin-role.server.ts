import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";

export type SetAdminRoleResult = { ok: true; changed: boolean } | { ok: false; reason: "own-account" | "not-found" };

/**
 * Grants or removes the admin role. An admin cannot change their own role:
 * that keeps at least one admin (the one acting) and stops an admin locking
 * themselves out by a slip of the mouse.
 */
export async function setAdminRole(db: Db, targetUserId: string, admin: boolean, actor: { id: string }): Promise<SetAdminRoleResult> {
  if (targetUserId === actor.id) return { ok: false, reason: "own-account" };
  const role = admin ? "admin" : "user";
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ role: user.role }).from(user).where(eq(user.id, targetUserId)).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    if ((current.role === "admin") === admin) return { ok: true, changed: false } as const;
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, targetUserId));
    return { ok: true, changed: true } as const;
  });
}
