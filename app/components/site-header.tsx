import { Menu, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { MAIN_NAV_LINKS } from "./site-nav-links";

type SiteHeaderProps = {
  siteName: string;
  /** A phone's user agent: render the collapsed menu whatever the width. */
  forceCollapsed: boolean;
  /** The account area: "Logga in" or the signed-in user menu. */
  accountArea: ReactNode;
};

export function SiteHeader({ siteName, forceCollapsed, accountArea }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  // A followed link closes the menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The row holds the logo, the whole navigation and the account button only from lg (1024 px) up:
  // below it they would wrap, so the navigation and the account area collapse into "Meny".
  const wide = forceCollapsed ? "hidden" : "hidden lg:flex";
  const narrow = forceCollapsed ? "flex" : "flex lg:hidden";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 text-lg font-bold text-brand-800 lg:shrink-0">
          <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm text-white">
            .se
          </span>
          <span className="truncate">{siteName}</span>
        </Link>
        <nav aria-label="Huvudmeny" className={cn(wide, "shrink-0 items-center gap-1")}>
          {MAIN_NAV_LINKS.map((link) => (
            <NavItem key={link.to} to={link.to} label={link.label} />
          ))}
        </nav>
        {/* The account button gives way first: a long e-mail is cut short with an ellipsis. */}
        <div className={cn(wide, "ml-auto min-w-0 items-center whitespace-nowrap")}>{accountArea}</div>
        <button
          type="button"
          className={cn(narrow, "ml-auto shrink-0 items-center gap-2 rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100")}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          <span>Meny</span>
        </button>
      </div>
      <div id={menuId} hidden={!menuOpen} className={cn(forceCollapsed ? "" : "lg:hidden", "border-t border-slate-200 bg-white")}>
        <nav aria-label="Mobilmeny" className="mx-auto flex max-w-6xl flex-col px-4 py-2">
          {MAIN_NAV_LINKS.map((link) => (
            <NavItem key={link.to} to={link.to} label={link.label} stacked />
          ))}
          {/* Here the e-mail shows beside the avatar (see UserMenuButton). */}
          <div data-account-area="stacked" className="border-t border-slate-100 py-3">
            {accountArea}
          </div>
        </nav>
      </div>
    </header>
  );
}

function NavItem({ to, label, stacked = false }: { to: string; label: string; stacked?: boolean }) {
  return (
    <NavLink
      to={to}
      end={to === "/"}
      className={({ isActive }) =>
        cn(
          "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors",
          stacked && "py-3 text-base",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        )
      }
    >
      {label}
    </NavLink>
  );
}
