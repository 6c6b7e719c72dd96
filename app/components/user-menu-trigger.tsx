import { ChevronDown } from "lucide-react";
import type { ComponentProps, MouseEvent } from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { UserMenuAvatar } from "./user-menu-avatar";

/** An attribute on the menu button: tells the browser before hydration that this page has a user menu. */
export const USER_MENU_MARKER = "data-user-menu";

/** Where the menu button leads when the menu itself cannot open yet: the account page has everything the menu offers. */
export const USER_MENU_FALLBACK_HREF = "/account";

type UserMenuButtonProps = ComponentProps<"a"> & {
  email: string;
  /** True on the live menu's trigger: a plain click opens the menu instead of following the link. */
  opensMenu: boolean;
};

/**
 * The signed-in user's menu button. It is a link to "Mitt konto" dressed as
 * a button, so a press is never lost: before the page's JavaScript is live
 * (a slow phone) a click or Enter opens the account page; once live, the menu
 * opens instead (Radix's trigger handles the press and the key; the click's
 * navigation is cancelled here). A click with a modifier still opens the
 * account page in a new tab, as a link should.
 *
 * In the header's row the e-mail shows from xl (1280 px) up, cut with an
 * ellipsis when long, so the navigation beside it never wraps; in the
 * collapsed menu's panel it has the width to itself. The menu repeats it in full.
 */
export function UserMenuButton({ email, opensMenu, className, onClick, ...props }: UserMenuButtonProps) {
  return (
    <a
      href={USER_MENU_FALLBACK_HREF}
      role="button"
      className={cn(buttonVariants({ variant: "ghost" }), "h-10 min-w-0 max-w-full gap-2 px-2", className)}
      {...{ [USER_MENU_MARKER]: "" }}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (opensMenu && isPlainClick(event)) event.preventDefault();
      }}
    >
      <UserMenuAvatar email={email} />
      {/* The name read out is "Användarmeny för {e-mail}", wherever the e-mail shows. */}
      <span className="sr-only">Användarmeny för </span>
      <span className="sr-only text-sm text-slate-800 xl:not-sr-only xl:max-w-56 xl:truncate in-data-[account-area=stacked]:not-sr-only in-data-[account-area=stacked]:truncate">
        {email}
      </span>
      <ChevronDown aria-hidden="true" />
    </a>
  );
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}
