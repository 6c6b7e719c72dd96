import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Makes the embedded database's folder private to the user that runs the site,
 * before the database opens it: created 0700 when missing, its group and other
 * bits taken away when it exists. A folder that others may write to is refused,
 * as PostgreSQL refuses such a data directory: whoever could write there could
 * have changed the database's files, so the operator looks first.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const stats = statSync(dataDir);
  if (!stats.isDirectory()) throw new Error(`DATA_DIR ${dataDir} is not a folder.`);
  const mode = stats.mode & 0o777;
  if (mode & WRITABLE_BY_OTHERS) {
    throw new Error(
      `DATA_DIR ${dataDir} is writable by other users (mode ${octal(mode)}): anyone on this machine could change the database's files. ` +
        `The site does not start on it. Check its files, then make it private to the user that runs the site (chmod 700 ${dataDir}).`,
    );
  }
  if (mode !== PRIVATE_DIR) chmodSync(dataDir, PRIVATE_DIR);
}

/**
 * Every folder under `dataDir` 0700 and every file 0600. PGlite writes some of
 * its files readable and writable by everyone (0666, whatever the umask), so
 * this runs each time the database has been opened. Symbolic links are left
 * alone: changing one's mode would change the file it points to.
 */
export function restrictDataDirFiles(dataDir: string): void {
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    const path = join(dataDir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const wanted = entry.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((lstatSync(path).mode & 0o777) !== wanted) chmodSync(path, wanted);
    if (entry.isDirectory()) restrictDataDirFiles(path);
  }
}

function octal(mode: number) {
  return `0${mode.toString(8).padStart(3, "0")}`;
}
