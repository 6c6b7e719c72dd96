import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";

/**
 * A throwaway PostgreSQL cluster on its own port, so the restart fault does
 * not disturb anybody else using the machine's server. Runs as the
 * `postgres` user (PostgreSQL refuses root).
 */
export function createPrivatePostgres(options: { dir: string; port: number }) {
  const version = readdirSync("/usr/lib/postgresql").sort().at(-1);
  const bin = (name: string) => `/usr/lib/postgresql/${version}/bin/${name}`;
  const dataDir = `${options.dir}/data`;
  const asPostgres = (command: string, args: string[]) => execFileSync("runuser", ["-u", "postgres", "--", bin(command), ...args], { stdio: "pipe", timeout: 120_000 });
  const pgCtl = (...args: string[]) => asPostgres("pg_ctl", ["-D", dataDir, "-l", `${options.dir}/server.log`, ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
    init() {
      if (existsSync(options.dir)) this.destroy();
      mkdirSync(options.dir, { recursive: true });
      chownSync(options.dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), Number(execFileSync("id", ["-g", "postgres"]).toString().trim()));
      asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
      this.start();
    },
    start() {
      pgCtl("-o", `-p ${options.port} -k ${options.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-w", "start");
    },
    /** Fast shutdown: open connections are terminated, as in a real restart. */
    stop() {
      pgCtl("-m", "fast", "-w", "stop");
    },
    destroy() {
      try {
        pgCtl("-m", "immediate", "-w", "stop");
      } catch {
        // Not running.
      }
      rmSync(options.dir, { recursive: true, force: true });
    },
  };
}

/** The machine's own cluster (what the brief calls "this machine's local server"). */
export function restartSharedPostgres() {
  const version = readdirSync("/etc/postgresql").sort().at(-1)!;
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart"], { stdio: "pipe", timeout: 120_000 });
}
