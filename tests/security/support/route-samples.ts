import { dashboardPosts, type RouteAccess, type SamplePost } from "~tests/security/route-access";
import { fillPath, type FlatRoute } from "./route-table";
import type { SecurityWorld } from "./security-world";

export function isDashboard(route: FlatRoute) {
  return route.file === "routes/admin/dashboard.tsx";
}

/** The URL and params a route is called with, the placeholders filled from the world. */
export function routeTarget(route: FlatRoute, access: RouteAccess, world: SecurityWorld) {
  const params = Object.fromEntries(
    Object.entries(access.params ?? {}).map(([key, value]) => [
      key,
      value.replace("SAVED_TOKEN", world.savedSearch.feedToken).replace("TOKEN", world.feedToken).replace("RUN_ID", world.runId),
    ]),
  );
  return { params, path: fillPath(route.path, params) };
}

/** The sample posts of a route's action (the backoffice's: one per intent). */
export function samplePosts(route: FlatRoute, access: RouteAccess, world: SecurityWorld): SamplePost[] {
  if (isDashboard(route)) return Object.values(dashboardPosts({ userId: world.user.id, configId: world.configId, runId: world.runId }));
  // The saved search the world's user has: the samples that name one act on it.
  return (access.posts ?? []).map((sample) =>
    sample.form ? { ...sample, form: Object.fromEntries(Object.entries(sample.form).map(([key, value]) => [key, value.replace("SAVED_ID", world.savedSearch.id)])) } : sample,
  );
}
