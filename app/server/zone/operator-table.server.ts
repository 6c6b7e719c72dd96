// The backoffice's edits of the name-server operator table (TLD Imports →
// Name server operators): add, edit, delete. Each is one statement, so a
// refused edit leaves the row as it was; a pattern is one row's.
import { eq, sql } from "drizzle-orm";
import { duplicatePatternMessage, parseOperatorForm, type NameServerOperatorRow } from "~/domain/name-server-operators";
import type { FieldErrors } from "~/lib/admin-forms";
import type { Db } from "~/server/db/client.server";
import { nameServerOperators } from "~/server/db/schema/index.server";
import { isUniqueViolation } from "~/server/db/unique-violation.server";

type Field = "pattern" | "operator" | "kind";

export type OperatorChangeResult =
  | { ok: true; row: NameServerOperatorRow }
  | { ok: false; reason: "invalid" | "duplicate"; errors: FieldErrors<Field> }
  | { ok: false; reason: "not-found" };

type Input = { pattern: unknown; operator: unknown; kind: unknown };

const PATTERN_KEY = "name_server_operators_pattern_key";

export async function addNameServerOperator(db: Db, input: Input): Promise<OperatorChangeResult> {
  const parsed = parseOperatorForm(input);
  if (!parsed.ok) return { ok: false, reason: "invalid", errors: parsed.errors };
  const [row] = await db.insert(nameServerOperators).values(parsed.value).onConflictDoNothing().returning();
  if (!row) return duplicate(parsed.value.pattern);
  return { ok: true, row };
}

export async function updateNameServerOperator(db: Db, id: number, input: Input): Promise<OperatorChangeResult> {
  const parsed = parseOperatorForm(input);
  if (!parsed.ok) return { ok: false, reason: "invalid", errors: parsed.errors };
  try {
    const [row] = await db
      .update(nameServerOperators)
      .set({ ...parsed.value, updatedAt: sql`now()` })
      .where(eq(nameServerOperators.id, id))
      .returning();
    if (!row) return { ok: false, reason: "not-found" };
    return { ok: true, row };
  } catch (error) {
    if (isUniqueViolation(error, PATTERN_KEY)) return duplicate(parsed.value.pattern);
    throw error;
  }
}

export async function deleteNameServerOperator(db: Db, id: number): Promise<NameServerOperatorRow | null> {
  const [row] = await db.delete(nameServerOperators).where(eq(nameServerOperators.id, id)).returning();
  return row ?? null;
}

function duplicate(pattern: string): OperatorChangeResult {
  return { ok: false, reason: "duplicate", errors: { pattern: duplicatePatternMessage(pattern) } };
}
