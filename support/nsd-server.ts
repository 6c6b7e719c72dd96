import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { querySoaSerial } from "~/server/zone/zone-transfer.server";
import type { ZoneTld } from "~/server/zone/zone-records.server";

/**
 * A real authoritative DNS server for the zone readers' tests and bench:zone,
 * NSD (Debian's `nsd`, installed by .ci/run) on 127.0.0.1 at a free port,
 * serving the given zone files over UDP and TCP and allowing transfers from
 * 127.0.0.1. Its configuration, pid file, log and transfer state live in a
 * temporary folder of its own; it reads the zone files directly (no database).
 */
export type NsdServer = {
  /** "127.0.0.1:port", as the readers take a server. */
  server: string;
  port: number;
  stop: () => Promise<void>;
};

export type NsdZone = { tld: ZoneTld; zoneFile: string };

export async function startNsd(zones: NsdZone[], { startTimeoutMs = 30_000 } = {}): Promise<NsdServer> {
  const dir = await mkdtemp(join(tmpdir(), "snart-nsd-"));
  const port = await freePort();
  const config = join(dir, "nsd.conf");
  await writeFile(config, nsdConfig(dir, port, zones));
  const child = spawn(nsdCommand(), ["-d", "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const spawnError = new Promise<never>((_, reject) =>
    child.once("error", (error) => reject(new Error(`nsd could not be started (is it installed? apt-get install nsd): ${error.message}`))),
  );
  const server = `127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([spawnError, waitUntilServing(child, server, zones, startTimeoutMs)]);
  } catch (error) {
    const log = await readFile(join(dir, "nsd.log"), "utf8").catch(() => "");
    await stop();
    throw new Error(`nsd did not start: ${(error as Error).message}\n${output}${log}`, { cause: error });
  }
  return { server, port, stop };
}

/** Debian puts nsd in /usr/sbin, which a user's PATH may leave out. */
function nsdCommand(): string {
  return existsSync("/usr/sbin/nsd") ? "/usr/sbin/nsd" : "nsd";
}

async function waitUntilServing(child: ChildProcess, server: string, zones: NsdZone[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const { tld } of zones) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nsd exited with code ${child.exitCode}`);
      try {
        await querySoaSerial({ server, tld, timeoutMs: 1000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}

function nsdConfig(dir: string, port: number, zones: NsdZone[]): string {
  const quoted = (path: string) => JSON.stringify(path);
  return [
    "server:",
    "  ip-address: 127.0.0.1",
    `  port: ${port}`,
    '  username: ""',
    '  chroot: ""',
    `  zonesdir: ${quoted(dir)}`,
    '  database: ""',
    `  zonelistfile: ${quoted(join(dir, "zone.list"))}`,
    `  xfrdfile: ${quoted(join(dir, "xfrd.state"))}`,
    `  xfrdir: ${quoted(dir)}`,
    `  pidfile: ${quoted(join(dir, "nsd.pid"))}`,
    `  logfile: ${quoted(join(dir, "nsd.log"))}`,
    "  server-count: 1",
    "  verbosity: 1",
    "remote-control:",
    "  control-enable: no",
    ...zones.flatMap(({ tld, zoneFile }) => [
      "zone:",
      `  name: ${tld}`,
      `  zonefile: ${quoted(zoneFile)}`,
      "  provide-xfr: 127.0.0.1 NOKEY",
    ]),
    "",
  ].join("\n");
}

/** A port free for TCP and UDP on 127.0.0.1 right now (NSD binds both). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
