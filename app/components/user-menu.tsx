import { Bookmark, LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { HeaderUser } from "./account-area";
import { UserMenuAvatar } from "./user-menu-avatar";
import { replayEarlyUserMenuClick } from "./user-menu-early-click";
import { LOGOUT_ACTION, useSigningOut } from "./user-menu-logout";
import { USER_MENU_MARKER, USER_MENU_TRIGGER_CLASS, UserMenuTriggerContent } from "./user-menu-trigger";

/** The signed-in user's menu (spec §2 Layout); loaded on demand by AccountArea. */
export function UserMenu({ user }: { user: HeaderUser }) {
  const submit = useSubmit();
  const signingOut = useSigningOut();
  const trigger = useRef<HTMLButtonElement>(null);
  // After hydration, so the server's (closed) HTML is what hydrates.
  useEffect(() => {
    if (trigger.current) replayEarlyUserMenuClick(trigger.current);
  }, []);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" className={USER_MENU_TRIGGER_CLASS} {...{ [USER_MENU_MARKER]: "" }}>
          <UserMenuTriggerContent email={user.email} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserMenuAvatar email={user.email} />
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900">{user.email}</span>
            <span className="block text-xs text-slate-600">Inloggad</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Backoffice
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden="true" className="size-4" />
            Mitt konto
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account?tab=bookmarks">
            <Bookmark aria-hidden="true" className="size-4" />
            Mina bokmärken
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={(event) => {
            // Keep the menu open so the disabled "Loggar ut..." state is visible until the redirect.
            event.preventDefault();
            submit(null, { method: "post", action: LOGOUT_ACTION });
          }}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {signingOut ? "Loggar ut..." : "Logga ut"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
