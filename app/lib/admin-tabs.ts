/** The backoffice's five tabs (docs/product.md, "Roles"), in order; the selected one is `?tab=` in the URL. */
export const ADMIN_TABS = [
  { value: "domains", label: "Domains" },
  { value: "premium", label: "Premium" },
  { value: "users", label: "Users" },
  { value: "imports", label: "TLD Imports" },
  { value: "maintenance", label: "Maintenance" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export function parseAdminTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.value === value)?.value ?? "domains";
}

/** A 1-based page number from the URL; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
