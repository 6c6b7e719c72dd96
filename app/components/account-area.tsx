import { Bookmark, ChevronDown, LayoutDashboard, LogOut, UserRound } from "lucide-react";
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
import { UserMenuAvatar } from "./user-menu-avatar";
import { LOGOUT_ACTION, useSigningOut } from "./user-menu-logout";

export type HeaderUser = { id: string; email: string; isAdmin: boolean };

/** Signed out: the "Logga in" button. Signed in: the user menu (spec §2 Layout). */
export function AccountArea({ user }: { user: HeaderUser | null }) {
  if (user) return <UserMenu user={user} />;
  return (
    <Link to="/auth" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
      Logga in
    </Link>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const submit = useSubmit();
  const signingOut = useSigningOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 gap-2 px-2">
          <UserMenuAvatar email={user.email} />
          {/* The name read out is "Användarmeny för {e-mail}"; the e-mail is also shown from tablet width up. */}
          <span className="sr-only">Användarmeny för </span>
          <span className="sr-only text-sm text-slate-800 md:not-sr-only md:max-w-48 md:truncate">{user.email}</span>
          <ChevronDown aria-hidden="true" />
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
