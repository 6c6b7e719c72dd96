import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of the site, written out. */
export default [
  index("routes/public/home.tsx"),

  route("api/auth/*", "routes/api/auth.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("readyz", "routes/api/readyz.ts"),

  route("contact", "routes/public/contact.tsx"),
  route("api/enquiry", "routes/api/enquiry.ts"),

  route("search/:query", "routes/public/search.tsx"),
  route("featured", "routes/public/featured.tsx"),
  route("available", "routes/public/available.tsx"),
  route("soon-available", "routes/public/soon-available.tsx"),
  route("slapps-idag", "routes/public/release-today.tsx"),
  route("slapps-idag/events", "routes/public/release-today-events.ts"),
  route("slappta", "routes/public/release-archive.tsx"),
  route("slappta/:day", "routes/public/release-archive-day.tsx"),
  route("slappta/:day/:file", "routes/public/release-archive-export.ts"),
  route("premium", "routes/public/premium.tsx"),

  route("auth", "routes/public/auth.tsx"),
  route("auth/forgot-password", "routes/public/forgot-password.tsx"),
  route("auth/reset-password", "routes/public/reset-password.tsx"),
  route("account", "routes/account/account.tsx"),
  route("account/logout", "routes/account/logout.ts"),
  route("account/export", "routes/account/export.ts"),
  route("api/bookmarks", "routes/api/bookmarks.ts"),
  route("calendar/:file", "routes/api/calendar.ts"),
  route("account/searches", "routes/account/saved-searches.ts"),
  route("account/download/:file", "routes/account/bookmarks-export.ts"),
  route("feeds/:file", "routes/feeds/list-feed.ts"),
  route("feeds/saved/:file", "routes/feeds/saved-search-feed.ts"),
  route("export/:file", "routes/exports/list-export.ts"),
  route("api", "routes/public/api-docs.tsx"),
  route("api/v1/domains", "routes/api/v1/domains.ts"),
  route("api/v1/domains/:name", "routes/api/v1/domain.ts"),
  route("api/v1/stats", "routes/api/v1/stats.ts"),
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),

  route("d/:domainName/liknande", "routes/public/similar-domains.tsx"),
  route("d/:domainName?", "routes/public/domain-detail.tsx"),
  route("how-it-works", "routes/public/how-it-works.tsx"),
  route("about", "routes/public/about.tsx"),
  route("statistik", "routes/public/statistics.tsx"),
  route("statistik/vem-tar", "routes/public/statistics-taken-by.tsx"),
  route("statistik/prognos", "routes/public/statistics-forecast.tsx"),
  route("statistik/:file", "routes/public/statistics-csv.ts"),
  route("terms", "routes/public/terms.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap-index.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-page.ts"),

  // The backoffice: one page per tab in one frame; /admin, /backoffice and their old ?tab= addresses lead to them.
  route("admin", "routes/admin/layout.tsx", { id: "admin" }, [
    index("routes/admin/tab-address.ts", { id: "admin-index" }),
    route("domains", "routes/admin/domains.tsx"),
    route("premium", "routes/admin/premium.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("imports", "routes/admin/imports.tsx"),
    route("imports/name-servers", "routes/admin/name-server-operators.tsx"),
    route("imports/zone", "routes/admin/zone.tsx"),
    route("maintenance", "routes/admin/maintenance.tsx"),
  ]),
  route("backoffice", "routes/admin/tab-address.ts", { id: "backoffice" }),
  route("api/admin/import-runs/:runId", "routes/admin/import-run.ts"),
  route("api/admin/import-runs/:runId/rejected.csv", "routes/admin/import-run-rejections.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
