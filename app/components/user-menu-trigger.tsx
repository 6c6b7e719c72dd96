import { ChevronDown } from "lucide-react";
import { UserMenuAvatar } from "./user-menu-avatar";

/** The menu button's classes, shared by the real trigger and its stand-in while the menu loads. */
export const USER_MENU_TRIGGER_CLASS = "h-10 min-w-0 max-w-full gap-2 px-2";

/** An attribute on the menu button: tells the browser before hydration that this page has a user menu. */
export const USER_MENU_MARKER = "data-user-menu";

/**
 * What the menu button shows: the avatar, the e-mail and a chevron. In the
 * header's row the e-mail shows from xl (1280 px) up, cut with an ellipsis
 * when long, so the navigation beside it never wraps; in the collapsed menu's
 * panel it has the width to itself. The menu repeats it in full.
 */
export function UserMenuTriggerContent({ email }: { email: string }) {
  return (
    <>
      <UserMenuAvatar email={email} />
      {/* The name read out is "Användarmeny för {e-mail}", wherever the e-mail shows. */}
      <span className="sr-only">Användarmeny för </span>
      <span className="sr-only text-sm text-slate-800 xl:not-sr-only xl:max-w-56 xl:truncate in-data-[account-area=stacked]:not-sr-only in-data-[account-area=stacked]:truncate">
        {email}
      </span>
      <ChevronDown aria-hidden="true" />
    </>
  );
}
