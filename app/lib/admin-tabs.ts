import { pageMeta, siteFromMatches } from "./page-meta";

/**
 * The backoffice's five tabs (docs/product.md, "Roles"), in order. Each is a
 * page of its own under /admin (app/routes.ts); the tab bar links to them.
 */
export const ADMIN_TABS = [
  { value: "domains", label: "Domains", description: "Search, filter and edit every domain name." },
  { value: "premium", label: "Premium", description: "Add, edit and delete premium domains." },
  { value: "users", label: "Users", description: "Registered users, their role and suspension." },
  { value: "imports", label: "TLD Imports", description: "Release list configurations, uploads and import runs." },
  { value: "maintenance", label: "Maintenance", description: "The maintenance jobs, their last and next runs." },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

type AdminTabEntry = (typeof ADMIN_TABS)[number];

/** The tab a URL's text names, if it names one (exactly: "Premium" is not a tab). */
function findTab(value: string | null | undefined): AdminTabEntry | undefined {
  return ADMIN_TABS.find((entry) => entry.value === value);
}

/** Where `/admin` (and `/backoffice`) land. */
export const DEFAULT_ADMIN_TAB: AdminTab = "domains";

/** A tab's own address: /admin/premium. */
export function adminTabPath(tab: AdminTab): string {
  return `/admin/${tab}`;
}

/** The name-server operator table: a page of the TLD Imports tab (its tab stays marked). */
export const NAME_SERVER_OPERATORS_PATH = "/admin/imports/name-servers";

/** The zone's snapshots, sync and held reads: a page of the TLD Imports tab (its tab stays marked). */
export const ZONE_PATH = "/admin/imports/zone";

/** A tab's page title: "Premium – Backoffice Dashboard". */
export function adminTabTitle(tab: AdminTab): string {
  return `${findTab(tab)?.label ?? tab} – Backoffice Dashboard`;
}

/** A tab's page title, description and canonical address; never indexed. */
export function adminTabMeta(tab: AdminTab, matches: Parameters<typeof siteFromMatches>[0]) {
  return pageMeta(siteFromMatches(matches), {
    title: adminTabTitle(tab),
    description: findTab(tab)?.description ?? "",
    path: adminTabPath(tab),
    noIndex: true,
  });
}

/** The tab whose page a path is (/admin/users), or null. */
export function adminTabOfPath(pathname: string): AdminTab | null {
  const segment = /^\/admin\/([a-z]+)\/?$/.exec(pathname)?.[1];
  return findTab(segment)?.value ?? null;
}

/**
 * Where an old backoffice address goes: `/admin?tab=premium&q=katt` and
 * `/backoffice?tab=premium&q=katt` to `/admin/premium?q=katt`, its other
 * parameters kept; without a tab (or with one that never existed) to the
 * Domains tab, as the single page showed it.
 */
export function adminTabAddress(search: URLSearchParams): string {
  const tab = findTab(search.get("tab"))?.value ?? DEFAULT_ADMIN_TAB;
  const rest = new URLSearchParams(search);
  rest.delete("tab");
  const query = rest.toString();
  return `${adminTabPath(tab)}${query ? `?${query}` : ""}`;
}

/** A 1-based page number from the URL; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
