/** The main navigation (docs/product.md, "Layout and loading"), in order. */
export const MAIN_NAV_LINKS = [
  { to: "/", label: "Hem" },
  { to: "/soon-available", label: "Snart lediga domäner" },
  { to: "/available", label: "Lediga domäner" },
  { to: "/premium", label: "Premiumdomäner" },
  { to: "/how-it-works", label: "Så fungerar det" },
] as const;
