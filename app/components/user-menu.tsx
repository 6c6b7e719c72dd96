import { Bookmark, LayoutDashboard, ListFilter, LogOut, UserRound } from "lucide-react";
import { Link, useSubmit } from "react-router";
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
import { LOGOUT_ACTION, useSigningOut } from "./user-menu-logout";
import { UserMenuButton } from "./user-menu-trigger";

/** The account's pages, each a link in the menu. */
const ACCOUNT_LINKS = [
  { to: "/account", Icon: UserRound, text: "Mitt konto" },
  { to: "/account?tab=bookmarks", Icon: Bookmark, text: "Mina bokmärken" },
  { to: "/account?tab=searches", Icon: ListFilter, text: "Sparade sökningar" },
] as const;

/** The signed-in user's menu; its code is loaded by AccountArea. */
export function UserMenu({ user }: { user: HeaderUser }) {
  const submit = useSubmit();
  const signingOut = useSigningOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <UserMenuButton email={user.email} opensMenu />
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
        {ACCOUNT_LINKS.map(({ to, Icon, text }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" className="size-4" />
              {text}
            </Link>
          </DropdownMenuItem>
        ))}
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
