// A process that applies a zone file and stops inside the apply's transaction, with everything but
// the snapshot row written, until it is killed: the crash test of the zone store
// (app/routes/admin/zone-apply-crash.server.test.ts) SIGKILLs it there.
//
//   tsx tests/support/zone-apply-child.ts <postgres://… | PGlite data folder> <zone file> <snapshot time ISO>
import { openDatabase } from "~/server/db/client.server";
import { applyZoneRead, withZoneApplyHookForTests } from "~/server/zone/store/apply-zone-read.server";
import { readZoneFile } from "~/server/zone/zone-file.server";

/** The line the test waits for before it kills this process. */
export const HOLDING_LINE = "zone-apply-child: holding inside the apply's transaction";

async function main() {
  const [target, zoneFile, now] = process.argv.slice(2);
  const handle = await openDatabase(target.startsWith("postgres") ? { databaseUrl: target, dataDir: "unused" } : { dataDir: target });
  await withZoneApplyHookForTests(
    async () => {
      process.stdout.write(`${HOLDING_LINE}\n`);
      // Nothing else keeps the event loop alive on the embedded engine; the transaction stays open until the kill.
      setInterval(() => undefined, 60_000);
      await new Promise<never>(() => undefined);
    },
    async () => applyZoneRead(handle, await readZoneFile(zoneFile, "se"), { source: "file", trigger: "cli", now: new Date(now) }),
  );
  process.stderr.write("zone-apply-child: the apply finished, which it must not before it is killed\n");
  process.exit(2);
}

if (process.argv[1]?.endsWith("zone-apply-child.ts")) {
  main().catch((error: unknown) => {
    process.stderr.write(`zone-apply-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
