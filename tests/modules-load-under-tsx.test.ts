import { execFileSync } from "node:child_process";
import { globSync } from "node:fs";
import { expect, it } from "vitest";

// The command line and the benchmarks run the app's sources through tsx, not Vite: an import only
// Vite understands (a `?raw` or `?url` suffix, import.meta.glob) works in the build and in these
// tests, which Vite transforms, and breaks `npm run cli` and `npm run bench*` where it is reached.
it("every server, domain and lib module loads under tsx, as the CLI and the benchmarks load them", () => {
  const modules = globSync("app/{server,domain,lib}/**/*.ts").filter((file) => !file.endsWith(".test.ts"));
  expect(modules.length).toBeGreaterThan(100);
  const script = `(async () => {
    const failures = [];
    for (const module of ${JSON.stringify(modules)}) {
      try { await import(process.cwd() + "/" + module); } catch (error) { failures.push(module + ": " + String(error.message).split("\\n")[0]); }
    }
    console.log(JSON.stringify(failures));
  })();`;
  const output = execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--eval", script], { encoding: "utf8" });
  expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual([]);
}, 60_000);
