import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

export type FlatRoute = {
  /** React Router's route id: the `id` option, or the file path without its extension. */
  id: string;
  /** The URL pattern, joined with its parents' ("d/:domainName?"). */
  path: string;
  /** The module file, relative to app/. */
  file: string;
};

/** The root layout is every page's parent: its loader runs on every request, so it is checked too. */
export const ROOT_ROUTE: FlatRoute = { id: "root", path: "", file: "root.tsx" };

/**
 * Every route of the site, read from app/routes.ts itself (plain data from
 * @react-router/dev/routes), so a route added there is in the security tests
 * the moment it exists.
 */
export function flattenRoutes(entries: RouteConfigEntry[] = routes as RouteConfigEntry[], parentPath = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const id = entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
    return [{ id, path, file: entry.file }, ...flattenRoutes(entry.children ?? [], path)];
  });
}

export function allRoutes(): FlatRoute[] {
  return [ROOT_ROUTE, ...flattenRoutes()];
}

export type RouteModule = {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

/** Imports a route module the way the server build would (vitest resolves the `~` alias). */
export async function importRouteModule(route: FlatRoute): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ `../../../app/${route.file}`)) as RouteModule;
}

/** Fills a route pattern's parameters: "search/:query" + {query: "hund"} → "/search/hund". */
export function fillPath(pattern: string, params: Record<string, string>): string {
  const filled = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return params["*"] ?? "";
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1).replace(/\?$/, "");
      return params[name] === undefined ? "" : encodeURIComponent(params[name]);
    })
    .filter((segment, index) => segment !== "" || index === 0)
    .join("/");
  return `/${filled}`.replace(/\/+/g, "/");
}

/**
 * The route table of the server build (React Router's `build.routes`: each route with its parent
 * and module), made from app/routes.ts and the modules themselves.
 */
export async function serverRouteTable(): Promise<Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: RouteModule }>> {
  const table: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: RouteModule }> = {
    root: { id: "root", path: "", module: await importRouteModule(ROOT_ROUTE) },
  };
  async function add(entries: RouteConfigEntry[], parentId: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
      table[id] = { id, parentId, path: entry.path, index: entry.index, module: await importRouteModule({ id, path: entry.path ?? "", file: entry.file }) };
      await add(entry.children ?? [], id);
    }
  }
  await add(routes as RouteConfigEntry[], "root");
  return table;
}
