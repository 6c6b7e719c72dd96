import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type DataDirLock = { release(): void };

const LOCK_FILE = ".snartlediga.lock";

/**
 * PGlite is one process: a second process opening the same folder corrupts it.
 * The lock names the owner so the message can say who holds the folder.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = join(dataDir, LOCK_FILE);
  if (existsSync(lockPath)) {
    const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The database folder ${dataDir} is in use by process ${holder}. ` +
          "Stop that process, or start the web server and run the command again: it then connects through the server.",
      );
    }
  }
  writeFileSync(lockPath, String(process.pid));
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
