import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";

/** Gives or takes the admin role; returns false when no user has that e-mail. */
export async function setUserRole(db: Db, email: string, role: "admin" | "user") {
  const updated = await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return updated.length > 0;
}
