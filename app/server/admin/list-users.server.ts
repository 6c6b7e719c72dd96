import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";
import type { AdminUserRow } from "~/domain/backoffice-rows";

export const USERS_PAGE_SIZE = 50;

const suspender = alias(user, "suspender");

/** The Users tab: newest first (docs/product.md, "Lists and their order"), a page at a time. */
export async function listUsers(db: Db, options: { page: number; pageSize?: number }): Promise<{ users: AdminUserRow[]; total: number }> {
  const pageSize = options.pageSize ?? USERS_PAGE_SIZE;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
        banned: user.banned,
        suspendedAt: user.bannedAt,
        suspendedBy: suspender.email,
      })
      .from(user)
      // One primary-key lookup per row of the page.
      .leftJoin(suspender, eq(suspender.id, user.bannedBy))
      // The id breaks ties so users created in the same instant never repeat across pages.
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(pageSize)
      .offset((Math.max(1, options.page) - 1) * pageSize),
    db.select({ total: count() }).from(user),
  ]);
  return { users: rows.map(({ banned, ...row }) => ({ ...row, suspended: Boolean(banned) })), total: Number(totalRow?.total ?? 0) };
}
