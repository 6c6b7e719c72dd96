// `npm run test:reliability [-- options]`: the slow fault, load and hostile-input
// suite (not part of `npm test` or CI; `npm run test:faults`, all but the load
// test, runs before each release). It builds the app into its own folder,
// then runs tests/reliability/run.ts, which starts the production server in
// separate processes, injects each fault and prints what was held and lost.
//
// Options (all optional):
//   --size N                  names in the load-test database (default 1000000; 100000 is much quicker to prepare)
//   --seconds N --connections N --runs N   load shape (default 60 s, 200 connections, 3 runs)
//   --import-size N           names in the list killed mid-import (default 300000)
//   --hostile-requests N      hostile HTTP requests (default 3000)
//   --only a,b                scenarios: import-kill-pglite, import-kill-postgres, smtp-outage,
//                             postgres-restart, das-faults, sigterm, hostile-http, load; or the group
//                             faults (every one but load: `npm run test:faults`, run before each release)
//   --database-url URL        PostgreSQL server for the scenario databases (default postgres://postgres@127.0.0.1:5432/postgres)
//   --restart-shared-postgres restart this machine's own PostgreSQL (pg_ctlcluster) instead of a private
//                             throwaway cluster on port 4318 (which disturbs nobody else using the server)
//   --update-readme           write the figures into docs/reliability.md's results block (the faults' own
//                             block when the run leaves out the load test)
//   --skip-build              reuse the last build in build-h10
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const buildDir = "build-h10";
const env = { ...process.env, BUILD_DIR: buildDir };

if (!args.includes("--skip-build")) {
  console.log(`▶ build (${buildDir})`);
  const build = spawnSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const forwarded = args.filter((arg) => arg !== "--skip-build");
// Node 24 from node_modules, whatever `node` is on the PATH.
const run = spawnSync("node_modules/.bin/node", ["node_modules/tsx/dist/cli.mjs", "tests/reliability/run.ts", "--build-dir", buildDir, ...forwarded], {
  stdio: "inherit",
  env,
});
process.exit(run.status ?? 1);
