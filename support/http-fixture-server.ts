import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FixtureRoute =
  | {
      status?: number;
      body?: string | Buffer;
      headers?: Record<string, string>;
      delayMs?: number;
    }
  | ((request: IncomingMessage, response: ServerResponse) => void);

/**
 * A real HTTP server on 127.0.0.1 (a free port) that answers each path with a
 * fixed response or a handler: release lists, redirects, slow and huge answers.
 */
export async function startHttpFixtureServer(routes: Record<string, FixtureRoute>) {
  const requests: string[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    requests.push(path);
    const route = routes[path];
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (typeof route === "function") return route(request, response);
    const send = () => response.writeHead(route.status ?? 200, route.headers ?? {}).end(route.body ?? "");
    if (!route.delayMs) return send();
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      if (!response.destroyed) send();
    }, route.delayMs);
    pendingTimers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    url: (path: string, host = "127.0.0.1") => `http://${host}:${port}${path}`,
    async close() {
      for (const timer of pendingTimers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
