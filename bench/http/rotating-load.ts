// Run by runLoad (load-test.ts) in its own process when a load goes through several paths: autocannon's
// command line sends one URL, and a long-tail page (a /d/{name} nobody asked for recently) is a different
// name on every request. Reads its options (JSON) from standard input; prints autocannon's JSON result, as
// its command line does with -j.
import autocannon from "autocannon";
import { readFileSync } from "node:fs";

const [url] = process.argv.slice(2);
const options = JSON.parse(readFileSync(0, "utf8")) as { connections: number; seconds: number; headers: Record<string, string>; paths: string[] };
let next = 0;
const result = await autocannon({
  url,
  connections: options.connections,
  duration: options.seconds,
  headers: options.headers,
  requests: [
    {
      setupRequest(request) {
        request.path = options.paths[next++ % options.paths.length];
        return request;
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
