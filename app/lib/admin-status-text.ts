import { ADMIN_STATUS_OPTIONS } from "~/lib/admin-list-params";

const LABELS = new Map<string, string>(ADMIN_STATUS_OPTIONS.filter((option) => option.value).map((option) => [option.value, option.label]));

/** The status as the filter names it ("Snart ledig"), so the column and the filter agree. */
export function adminStatusLabel(status: string): string {
  return LABELS.get(status) ?? status;
}
