import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./migrate.server";

/** Every file under `folder` with its content, by path relative to it. */
function filesIn(folder: string): Map<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(folder, path), readFileSync(path, "utf8")];
    }),
  );
}

// `npm run db:generate` diffs the schema (app/server/db/schema/) against the newest snapshot in
// drizzle/meta/. When that snapshot falls behind the schema, generating on an unchanged schema
// writes a migration that re-creates what the database already has (docs/operations.md,
// "Adding a migration"). The generator runs here on a copy of drizzle/, never on the repository's.
it("npm run db:generate on the committed schema writes nothing: the newest snapshot matches the schema", () => {
  const copy = mkdtempSync(join(tmpdir(), "snart-drizzle-generate-"));
  try {
    const out = join(copy, "drizzle");
    cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
    const before = filesIn(out);
    // The project's own configuration with only the output folder moved. drizzle-kit reads the
    // snapshots at "./" + path, so the folder is given relative to the project folder (the cwd).
    const config = join(copy, "drizzle.config.ts");
    writeFileSync(
      config,
      `import config from ${JSON.stringify(resolve("drizzle.config.ts"))};\n` +
        `export default { ...config, out: ${JSON.stringify(relative(process.cwd(), out))} };\n`,
    );
    const output = execFileSync(process.execPath, ["node_modules/drizzle-kit/bin.cjs", "generate", `--config=${config}`], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });

    const after = filesIn(out);
    const written = [...after].filter(([path, content]) => before.get(path) !== content);
    // On failure the message shows what the generator would have written.
    expect(written.map(([path, content]) => `${path}:\n${content.slice(0, 4000)}`).join("\n\n")).toBe("");
    expect(after.size).toBe(before.size);
    // drizzle-kit also exits with 0, writing nothing, when it refuses the snapshots (malformed, or
    // two with the same parent): only this line says it compared the schema and found it equal.
    expect(output).toContain("No schema changes, nothing to migrate");
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}, 30_000);
