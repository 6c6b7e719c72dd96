// Starts the built app for the end-to-end tests: a fresh embedded database
// (demo data included) in E2E_DATA_DIR, production mode, on E2E_PORT. Its mail
// goes over SMTP to a test peer on this machine that files every message in
// `${E2E_DATA_DIR}-mailbox` (tests/e2e/support/mailbox.ts reads them).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const port = process.env.E2E_PORT ?? "4173";
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/snart-e2e-${port}`;
const mailboxDir = `${dataDir}-mailbox`;
const buildDir = process.env.BUILD_DIR ?? "build";

rmSync(dataDir, { recursive: true, force: true });
rmSync(mailboxDir, { recursive: true, force: true });
mkdirSync(mailboxDir, { recursive: true });
if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(`${buildDir}/server/index.js`)) {
  execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], { stdio: "inherit", env: process.env });
}

/** The SMTP test peer: no TLS, no auth, loopback only; each message becomes one JSON file (written whole, then renamed). */
async function startMailbox() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const name = `${Date.now()}-${String(++received).padStart(6, "0")}.json`;
        const message = { envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address), raw: Buffer.concat(chunks).toString("utf8") };
        writeFileSync(join(mailboxDir, `.${name}`), JSON.stringify(message));
        renameSync(join(mailboxDir, `.${name}`), join(mailboxDir, name));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return server.server.address().port;
}

const smtpPort = await startMailbox();

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  SITE_URL: `http://localhost:${port}`,
  SEED_DEMO: "true",
  // The demo keeps 120 days of released history beside a soon list of ~60 days (a quarter of the names):
  // 2,400 names leave the soon list the 300+ cards its paging tests walk through.
  SEED_DEMO_SIZE: process.env.SEED_DEMO_SIZE ?? "2400",
  ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? "admin@e2e.test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The e2e tests point imports and the availability check at servers on this machine.
  FETCH_ALLOW_HOSTS: "127.0.0.1,localhost",
  // No registry is asked from a test: every availability check is refused at once (a port nothing listens on).
  DAS_SE_URL: process.env.DAS_SE_URL ?? "http://127.0.0.1:1/free",
  DAS_NU_URL: process.env.DAS_NU_URL ?? "http://127.0.0.1:1/free",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
});
await import("../server.js");
