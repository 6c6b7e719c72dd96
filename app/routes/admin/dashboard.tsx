import { Link, useLocation, useNavigation } from "react-router";
import { parseAdminTab, ADMIN_TABS, type AdminTab } from "~/lib/admin-tabs";
import { DomainsTab } from "~/components/admin/domains-tab";
import { ImportsTab } from "~/components/admin/imports-tab";
import { MaintenanceTab } from "~/components/admin/maintenance-tab";
import { PremiumTab } from "~/components/admin/premium-tab";
import { UsersTab } from "~/components/admin/users-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { requireAdmin } from "~/server/auth/session.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import type { Route } from "./+types/dashboard";
import { runDashboardAction } from "./dashboard-actions.server";
import { loadDashboardTab } from "./dashboard-data.server";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Backoffice Dashboard",
    description: "Manage domains, premium domains, users, TLD imports and maintenance tasks.",
    path: location.pathname,
    noIndex: true,
  });

/** /admin and /backoffice (docs/product.md, "Roles"): admins only — everyone else is sent to the home page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { as: "page" });
  const search = new URL(request.url).searchParams;
  return loadDashboardTab(await databaseOf(context), parseAdminTab(search.get("tab")), search, admin);
}

/** Every change made in the backoffice; the role is checked again here, whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runDashboardAction(await databaseHandleOf(context), request, admin);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname ? navigation.location : null;
  // The tab being opened is shown at once, with "Loading..." until its data arrives.
  const shownTab: AdminTab = pending ? parseAdminTab(new URLSearchParams(pending.search).get("tab")) : loaderData.tab;
  const waitingForTab = shownTab !== loaderData.tab;

  return (
    <section aria-labelledby="admin-title" className="space-y-6">
      <h1 id="admin-title" className="text-3xl font-bold text-slate-900">
        Backoffice Dashboard
      </h1>
      <Tabs value={shownTab} activationMode="manual">
        <TabsList aria-label="Backoffice sections">
          {ADMIN_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} asChild>
              <Link to={`?tab=${tab.value}`}>{tab.label}</Link>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={shownTab}>
          {waitingForTab ? (
            <p role="status" className="py-8 text-center text-slate-600">
              Loading...
            </p>
          ) : (
            <TabPanel data={loaderData} busy={pending !== null} />
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function TabPanel({ data, busy }: { data: Route.ComponentProps["loaderData"]; busy: boolean }) {
  switch (data.tab) {
    case "domains":
      return <DomainsTab data={data.domains} busy={busy} />;
    case "premium":
      return <PremiumTab data={data.premium} />;
    case "users":
      return <UsersTab data={data.users} />;
    case "imports":
      return <ImportsTab data={data.imports} />;
    case "maintenance":
      return <MaintenanceTab data={data.maintenance} />;
  }
}
