import type { RouteAccess, SamplePost } from "~tests/security/route-access";
import { fillPath, type FlatRoute } from "./route-table";
import type { SecurityWorld } from "./security-world";

/** The URL and params a route is called with, the placeholders filled from the world. */
export function routeTarget(route: FlatRoute, access: RouteAccess, world: SecurityWorld) {
  const params = Object.fromEntries(
    Object.entries(access.params ?? {}).map(([key, value]) => [
      key,
      value
        .replace("WATCH_TOKEN", world.watchFeedToken)
        .replace("SAVED_TOKEN", world.savedSearch.feedToken).replace("TOKEN", world.feedToken).replace("RUN_ID", world.runId),
    ]),
  );
  return { params, path: fillPath(route.path, params) };
}

/** The world's rows that sample forms name by placeholder (route-access.ts, SamplePost). */
function fillPlaceholders(value: string, world: SecurityWorld) {
  const rows: Record<string, string> = { SAVED_ID: world.savedSearch.id, USER_ID: world.user.id, CONFIG_ID: world.configId, RUN_ID: world.runId };
  return rows[value] ?? value;
}

/** The sample posts of a route's action, acting on the world's own rows. */
export function samplePosts(access: RouteAccess, world: SecurityWorld): SamplePost[] {
  return (access.posts ?? []).map((sample) =>
    sample.form ? { ...sample, form: Object.fromEntries(Object.entries(sample.form).map(([key, value]) => [key, fillPlaceholders(value, world)])) } : sample,
  );
}
