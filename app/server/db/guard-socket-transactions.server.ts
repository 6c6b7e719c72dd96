import type { PGlite } from "@electric-sql/pglite";

/** A protocol "simple query" message, for the ROLLBACK the socket server sends when a client leaves mid-transaction. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const message = Buffer.alloc(5 + text.length);
  message.write("Q", 0, "ascii");
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/**
 * PGlite is one session. The app's own transactions hold its transaction
 * lock, but the socket server (pglite-socket, used by the CLI while the site
 * runs) only takes the per-statement lock — so without this guard a CLI
 * statement could land inside an import the server has open, and a server
 * query inside a transaction the CLI has open. The guard makes each socket
 * message take the transaction lock too, and keeps it from a client's BEGIN
 * to its COMMIT or ROLLBACK (also the ROLLBACK the socket server sends when
 * the client disconnects), so the two sides' transactions never mix.
 */
export function guardSocketTransactions(db: PGlite): PGlite {
  let releaseHeld: (() => void) | undefined;

  const holdTransactionLock = () =>
    new Promise<() => void>((acquired) => {
      void db._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
    });
  const releaseIfDone = () => {
    if (releaseHeld && !db.isInTransaction()) {
      releaseHeld();
      releaseHeld = undefined;
    }
  };

  const runExclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    releaseHeld ??= await holdTransactionLock();
    try {
      return await db.runExclusive(fn);
    } finally {
      releaseIfDone();
    }
  };
  // The socket server's clean-up after a client left mid-transaction: we hold the lock, so exec() would wait for ever.
  const exec = async (sql: string) => {
    if (!releaseHeld) return db.exec(sql);
    try {
      await db.runExclusive(() => db.execProtocolRaw(simpleQuery(sql)));
      return [];
    } finally {
      releaseIfDone();
    }
  };

  return new Proxy(db, {
    get(target, property) {
      if (property === "runExclusive") return runExclusive;
      if (property === "exec") return exec;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
