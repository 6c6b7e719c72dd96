import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A user who is not suspended (better-auth's `banned` may be null on rows it wrote before the admin plugin). */
export const notSuspended = or(isNull(user.banned), eq(user.banned, false));

/**
 * Whether `userId` is the only administrator who can still sign in (not suspended).
 * Locks every such administrator's row until the transaction ends, so two
 * administrators deleting their accounts at the same moment cannot both go.
 */
export async function isLastActiveAdmin(tx: Tx, userId: string): Promise<boolean> {
  const admins = await tx.select({ id: user.id }).from(user).where(and(eq(user.role, "admin"), notSuspended)).for("update");
  return admins.length > 0 && admins.every((admin) => admin.id === userId);
}
