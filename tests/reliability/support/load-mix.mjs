// Runs in its own process (the load generator must not share the server's
// or the orchestrator's event loop): autocannon over a mix of paths, every
// connection cycling through them. Prints autocannon's JSON result.
import autocannon from "autocannon";

const { url, paths, connections, seconds } = JSON.parse(process.argv[2]);
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  timeout: 10,
  requests: paths.map((path) => ({ method: "GET", path, headers: { accept: "text/html" } })),
});
process.stdout.write(JSON.stringify(result));
