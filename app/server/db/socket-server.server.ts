import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { chmodSync, existsSync, rmSync } from "node:fs";
import type { Server, Socket } from "node:net";
import { guardSocketTransactions } from "./guard-socket-transactions.server";

/** What PostgreSQL sends a session it ends for idling in a transaction, so the client says why it was cut off. */
const IDLE_IN_TRANSACTION_ERROR = errorResponse("FATAL", "25P03", "terminating connection due to idle-in-transaction timeout");

/**
 * The embedded database also listens on a Unix socket (`path`, inside the
 * 0700 data folder), so the CLI can work on it while the server runs instead of
 * opening the folder twice. The socket is 0600. One client at a time; a client
 * idle in a transaction for `idleInTransactionMs` holds the site's queries up,
 * so it is told so and disconnected, and its transaction rolls back.
 */
export async function serveEmbeddedDatabase(pglite: PGlite, path: string, options: { idleInTransactionMs: number }) {
  // The caller holds the data folder's lock, so a socket file left here is from a process that died.
  if (existsSync(path)) rmSync(path);
  const sockets = new Set<Socket>();
  const server = new PGLiteSocketServer({
    db: guardSocketTransactions(pglite, {
      idleInTransactionMs: options.idleInTransactionMs,
      onIdleInTransaction: () => {
        for (const socket of sockets) cutOff(socket);
      },
    }),
    path,
    maxConnections: 1,
  });
  await server.start();
  chmodSync(path, 0o600);
  // pglite-socket keeps its sockets to itself; its net.Server tells us of each one too.
  const netServer = (server as unknown as { server: Server | null }).server;
  if (!netServer) throw new Error("pglite-socket changed: its server has no net.Server after start()");
  netServer.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return server;
}

/** Ends the session: the handler's close rolls the transaction back (guard-socket-transactions.server.ts). */
function cutOff(socket: Socket) {
  socket.end(IDLE_IN_TRANSACTION_ERROR);
  // A client that does not close its side is not waited for.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** A protocol ErrorResponse message. */
function errorResponse(severity: string, code: string, message: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, "utf8");
  const header = Buffer.alloc(5);
  header.write("E", 0, "ascii");
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}
