import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { rememberEarlyUserMenuClicks } from "./user-menu-early-click";
import { USER_MENU_MARKER, USER_MENU_TRIGGER_CLASS, UserMenuTriggerContent } from "./user-menu-trigger";

export type HeaderUser = { id: string; email: string; isAdmin: boolean };

/**
 * The menu and its Radix/floating-ui parts (~15 KB gzip) load on demand: a
 * visitor never needs them, and a signed-in page hydrates the server-rendered
 * menu as soon as they arrive (React keeps the server's HTML meanwhile).
 */
let userMenuModule: Promise<typeof import("./user-menu")> | undefined;
const loadUserMenu = () => (userMenuModule ??= import("./user-menu"));
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

// A signed-in page (the server rendered a menu button): fetch the menu's code
// now, beside the rest of the page's, so the button is live as soon as possible.
if (typeof document !== "undefined") {
  if (document.querySelector(`[${USER_MENU_MARKER}]`)) void loadUserMenu();
  rememberEarlyUserMenuClicks(`[${USER_MENU_MARKER}]`);
}

/** Signed out: the "Logga in" button. Signed in: the user menu (spec §2 Layout). */
export function AccountArea({ user }: { user: HeaderUser | null }) {
  if (user) {
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

/** The same button while the menu's code loads (seen after signing in without a page load, or on a server's first signed-in render). */
function UserMenuPlaceholder({ email }: { email: string }) {
  return (
    <Button variant="ghost" className={USER_MENU_TRIGGER_CLASS} aria-haspopup="menu" aria-expanded={false} {...{ [USER_MENU_MARKER]: "" }}>
      <UserMenuTriggerContent email={email} />
    </Button>
  );
}
