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

export type SocketGuardOptions = {
  /** How long a socket client may hold a transaction open without sending anything (0: no limit). */
  idleInTransactionMs?: number;
  /** Called when it has: the caller disconnects the client, whose transaction then rolls back. */
  onIdleInTransaction?: () => void;
};

/**
 * PGlite is one session. The app's own transactions hold its transaction
 * lock, but the socket server (pglite-socket, used by the CLI while the site
 * runs) only takes the per-statement lock — so without this guard a CLI
 * statement could land inside an import the server has open, and a server
 * query inside a transaction the CLI has open. The guard makes each socket
 * message take the transaction lock too, and keeps it from a client's BEGIN
 * to its COMMIT or ROLLBACK (also the ROLLBACK the socket server sends when
 * the client disconnects), so the two sides' transactions never mix.
 *
 * While a client holds the lock the site's queries wait, so a client that
 * stays idle in its transaction longer than `idleInTransactionMs` is reported
 * (PostgreSQL's idle_in_transaction_session_timeout): it must not freeze the site.
 */
export function guardSocketTransactions(db: PGlite, options: SocketGuardOptions = {}): PGlite {
  let releaseHeld: (() => void) | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  const stopIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  };
  const startIdleTimer = () => {
    if (!releaseHeld || !options.idleInTransactionMs) return;
    stopIdleTimer();
    idleTimer = setTimeout(() => options.onIdleInTransaction?.(), options.idleInTransactionMs);
  };

  const holdTransactionLock = () =>
    new Promise<() => void>((acquired) => {
      void db._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
    });
  const releaseIfDone = () => {
    if (releaseHeld && !db.isInTransaction()) {
      stopIdleTimer();
      releaseHeld();
      releaseHeld = undefined;
    }
  };

  const runExclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    stopIdleTimer();
    releaseHeld ??= await holdTransactionLock();
    try {
      return await db.runExclusive(fn);
    } finally {
      releaseIfDone();
      startIdleTimer();
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
