import { ChevronDown } from "lucide-react";
import { UserMenuAvatar } from "./user-menu-avatar";

/** The menu button's classes, shared by the real trigger and its stand-in while the menu loads. */
export const USER_MENU_TRIGGER_CLASS = "h-10 gap-2 px-2";

/** An attribute on the menu button: tells the browser before hydration that this page has a user menu. */
export const USER_MENU_MARKER = "data-user-menu";

/** What the menu button shows: the avatar, the e-mail (from tablet width up) and a chevron. */
export function UserMenuTriggerContent({ email }: { email: string }) {
  return (
    <>
      <UserMenuAvatar email={email} />
      {/* The name read out is "Användarmeny för {e-mail}"; the e-mail is also shown from tablet width up. */}
      <span className="sr-only">Användarmeny för </span>
      <span className="sr-only text-sm text-slate-800 md:not-sr-only md:max-w-48 md:truncate">{email}</span>
      <ChevronDown aria-hidden="true" />
    </>
  );
}
