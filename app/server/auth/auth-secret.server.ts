import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getEnv } from "~/server/env.server";

/**
 * AUTH_SECRET signs sessions. A newcomer need not set it: a random one is
 * made once and kept in the data folder, so sessions survive restarts.
 * Production with several instances must set AUTH_SECRET (the same on all).
 */
export async function getAuthSecret(): Promise<string> {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
