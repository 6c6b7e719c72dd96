import type { Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";

/** A user row straight in the table, for list tests that need no session. */
export async function insertUserRow(db: Db, overrides: Partial<typeof user.$inferInsert> & { id: string }) {
  const row = {
    name: "",
    email: `${overrides.id}@example.test`,
    emailVerified: true,
    createdAt: new Date("2030-01-01T00:00:00Z"),
    updatedAt: new Date("2030-01-01T00:00:00Z"),
    ...overrides,
  };
  await db.insert(user).values(row);
  return row;
}
