import { NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { ADMIN_TABS, adminTabOfPath, adminTabPath } from "~/lib/admin-tabs";
import { cn } from "~/lib/cn";
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/layout";

/**
 * The backoffice (docs/product.md, "Roles"): admins only — everyone else is
 * sent to the home page. Each tab's own loader and action check the role too;
 * this check keeps the frame itself from answering anyone else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  return null;
}

/** The heading and the tab bar around each tab's page: plain links, so they work before JavaScript loads. */
export default function BackofficeLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  // The tab being opened is shown at once, with "Loading..." until its data arrives.
  const opening = navigation.state === "loading" ? adminTabOfPath(navigation.location.pathname) : null;
  const waitingForTab = opening !== null && opening !== adminTabOfPath(location.pathname);

  return (
    <section aria-labelledby="admin-title" className="space-y-6">
      <h1 id="admin-title" className="text-3xl font-bold text-slate-900">
        Backoffice Dashboard
      </h1>
      <nav aria-label="Backoffice sections">
        <ul className="inline-flex flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1">
          {ADMIN_TABS.map((tab) => (
            <li key={tab.value}>
              <NavLink
                to={adminTabPath(tab.value)}
                // Marked while its page is being opened too (aria-current stays with the page shown).
                className={({ isActive, isPending }) =>
                  cn(
                    "block rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900",
                    (isActive && !waitingForTab) || isPending ? "bg-white text-slate-900 shadow-sm" : null,
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        {waitingForTab ? (
          <p role="status" className="py-8 text-center text-slate-600">
            Loading...
          </p>
        ) : (
          <Outlet />
        )}
      </div>
    </section>
  );
}
