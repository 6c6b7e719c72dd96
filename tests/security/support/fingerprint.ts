import type { DatabaseHandle } from "~/server/db/client.server";

/**
 * A hash of every row of every table in the app's schema. Equal before and
 * after a refused request means the request changed nothing at all (no
 * domain, role, bookmark, message, mail, session or import row).
 */
export async function databaseFingerprint(handle: DatabaseHandle): Promise<string> {
  const tables = await handle.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const parts: string[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await handle.query<{ hash: string; n: number }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash, count(*)::int as n from "${table}" t`,
    );
    parts.push(`${table}:${row.n}:${row.hash}`);
  }
  return parts.join("\n");
}
