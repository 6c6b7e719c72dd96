import { cn } from "~/lib/cn";

/** The e-mail's first letter in a circle (the header's menu and the account page). */
export function UserMenuAvatar({ email, size = "md", className }: { email: string; size?: "md" | "lg"; className?: string }) {
  const initial = ([...email.trim()][0] ?? "?").toLocaleUpperCase("sv-SE");
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid shrink-0 place-items-center rounded-full bg-brand-600 font-semibold text-white",
        size === "md" ? "size-8 text-sm" : "size-14 text-xl",
        className,
      )}
    >
      {initial}
    </span>
  );
}
