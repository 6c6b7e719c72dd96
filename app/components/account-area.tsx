import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { USER_MENU_MARKER, UserMenuButton } from "./user-menu-trigger";

export type HeaderUser = { id: string; email: string; isAdmin: boolean };

/**
 * The menu and its Radix/floating-ui parts (~15 KB gzip) are not in a
 * visitor's first load: a visitor never needs them. A signed-in page loads
 * them before it hydrates (entry.client.tsx), so its menu is live the moment
 * the page is: a menu hydrated later, on its own, could miss the first
 * presses (seen on slow machines).
 */
let userMenuModule: typeof import("./user-menu") | undefined;
let userMenuLoading: Promise<typeof import("./user-menu")> | undefined;

export function loadUserMenu() {
  return (userMenuLoading ??= import("./user-menu").then((module) => (userMenuModule = module)));
}

/** Resolves once a signed-in page's menu code is here (at once on a visitor's page); hydration waits for it. */
export function loadUserMenuBeforeHydration(): Promise<unknown> {
  return document.querySelector(`[${USER_MENU_MARKER}]`) ? loadUserMenu() : Promise.resolve();
}

const LazyUserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

/** Signed out: the "Logga in" button. Signed in: the user menu. */
export function AccountArea({ user }: { user: HeaderUser | null }) {
  if (user) {
    // Loaded: rendered at once, so it hydrates with the page. Not yet (signed in without a page
    // load, or the server's first render): the same button stands in until the code arrives.
    const UserMenu = userMenuModule?.UserMenu ?? LazyUserMenu;
    return (
      <Suspense fallback={<UserMenuPlaceholder email={user.email} />}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Link
      to="/auth"
      className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      Logga in
    </Link>
  );
}

/** The same button while the menu's code loads: meanwhile a press opens the account page. */
function UserMenuPlaceholder({ email }: { email: string }) {
  return <UserMenuButton email={email} opensMenu={false} aria-haspopup="menu" aria-expanded={false} />;
}
