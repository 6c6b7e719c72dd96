// Run by runLoad (load-test.ts) in its own process when a load goes through several paths: autocannon's
// command line sends one URL, and a long-tail page (a /d/{name} nobody asked for recently) is a different
// name on every request. Prints autocannon's JSON result, as its command line does with -j.
import autocannon from "autocannon";

const [url, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson) as { connections: number; seconds: number; headers: Record<string, string>; paths: string[] };
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
