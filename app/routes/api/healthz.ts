/** Liveness: the process answers. No database call, so a slow database does not get the process restarted. */
export function loader() {
  return new Response("ok", { headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
}
