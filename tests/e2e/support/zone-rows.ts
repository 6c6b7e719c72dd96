import { withServerDb } from "./server-db";

/**
 * Delegates `names` (.nu) to Loopia's name servers in the e2e server's zone: in the .nu snapshot in force
 * when there is one (the demo's), else in one of the test's own. The returned function removes them
 * (and that snapshot).
 */
export async function delegateE2eNames(names: string[]): Promise<() => Promise<void>> {
  const created = await withServerDb(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      "select id from zone_snapshots where tld = '.nu' and state = 'succeeded' order by applied_at desc, id desc limit 1",
    );
    const own = rows.length === 0;
    const id = own
      ? (
          await client.query<{ id: number }>(
            "insert into zone_snapshots (tld, serial, source, trigger, state, applied_at) values ('.nu', 1, 'file', 'e2e', 'succeeded', now()) returning id",
          )
        ).rows[0].id
      : rows[0].id;
    for (const name of names) {
      await client.query(
        `insert into zone_delegations (name, tld, name_servers, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
         values ($1, '.nu', array['ns1.loopia.se', 'ns2.loopia.se'], now(), $2, now(), $2)`,
        [name, id],
      );
    }
    return own ? id : null;
  });
  return () =>
    withServerDb(async (client) => {
      await client.query("delete from zone_delegations where name = any($1)", [names]);
      if (created !== null) await client.query("delete from zone_snapshots where id = $1", [created]);
    });
}
