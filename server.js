// Production server: serves the built app on PORT (default 3000).
// Start with `npm start` (builds first) or `node server.js` after `npm run build`.
import compression from "compression";
import express from "express";
import { readdirSync } from "node:fs";
import { constants as zlib } from "node:zlib";

// Files this process makes are its user's alone, as PostgreSQL makes them (the embedded database's folder above all).
process.umask(0o077);

const buildDirectory = process.env.BUILD_DIR ?? "build";
const port = Number.parseInt(process.env.PORT ?? "3000", 10);

const build = await import(`./${buildDirectory}/server/index.js`);
// Open the database, migrate, seed and start jobs before taking requests.
await build.startServices();

const app = express();
app.disable("x-powered-by");
// gzip holds small writes back until it has a block to send. The backoffice streams: its rows
// come first and a search's exact total later (docs/decisions/0024-backoffice-list-reads.md), so
// there every write is flushed as it is made; elsewhere whole blocks compress better.
const compressWholeBlocks = compression();
const compressEachWrite = compression({ flush: zlib.Z_SYNC_FLUSH });
const streamedPath = /^\/(admin|backoffice)(\.data)?(\/|$)/;
app.use((request, response, next) =>
  (streamedPath.test(request.path) ? compressEachWrite : compressWholeBlocks)(request, response, next),
);
// nosniff, Referrer-Policy ... on the static files too, not only on what the app renders.
app.use(build.securityHeaders);
// Hashed file names never change, so browsers may keep them for a year. The build wrote Brotli
// and gzip copies of them; those are sent to browsers that accept them, not compressed again.
app.use(
  "/assets",
  build.precompressedAssets(`${buildDirectory}/client/assets`),
  express.static(`${buildDirectory}/client/assets`, { immutable: true, maxAge: "1y" }),
);
// The other files (favicon ...): only for paths that start with one of them, so a page request
// does not cost a file-system lookup first.
const clientFiles = express.static(`${buildDirectory}/client`, { maxAge: "1h" });
const clientEntries = new Set(readdirSync(`${buildDirectory}/client`));
app.use((request, response, next) => (clientEntries.has(request.path.split("/")[1]) ? clientFiles(request, response, next) : next()));
app.use(build.app);

const server = app.listen(port, () => {
  console.log(JSON.stringify({ level: 30, msg: `Listening on http://localhost:${port}` }));
});

let stopping = false;
/**
 * SIGTERM/SIGINT: stop accepting connections, let the requests already
 * received finish, and meanwhile stop the job runner (a running job gets the
 * same few seconds); then close the database and exit. Whatever is still
 * busy after 9 s is cut off so the process is gone within 10 s.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 30, msg: `${signal}: finishing requests and stopping` }));
  const forced = setTimeout(() => {
    console.log(JSON.stringify({ level: 50, msg: "shutdown took too long: exiting with work unfinished" }));
    process.exit(1);
  }, 9000);
  forced.unref();
  // An open /slapps-idag keeps an event stream that never finishes by itself: end them, the browsers reconnect elsewhere.
  build.closeReleaseBoardStreams();
  const closed = new Promise((resolve) => server.close(resolve));
  // A keep-alive connection becomes idle once its last response is sent: close it then, not after its timeout.
  const idle = setInterval(() => server.closeIdleConnections?.(), 100);
  server.closeIdleConnections?.();
  let code = 0;
  try {
    await Promise.all([closed, build.stopJobs()]);
    clearInterval(idle);
    await build.stopServices();
  } catch (error) {
    code = 1;
    console.log(JSON.stringify({ level: 50, msg: `shutdown failed: ${error?.message ?? error}` }));
  } finally {
    process.exit(code);
  }
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
