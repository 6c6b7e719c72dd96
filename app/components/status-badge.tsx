import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { statusLabel, type DomainStatus } from "~/domain/labels";

/** A name's status as shown: a stored status, or "unknown" for a name not in the database. */
export type BadgeStatus = DomainStatus | "unknown";

const STATUS_BADGE: Record<BadgeStatus, BadgeVariant> = {
  soonavailable: "warning",
  available: "success",
  registered: "muted",
  renewed: "muted",
  premium: "premium",
  unlisted: "muted",
  unknown: "outline",
};

/** The status as a badge, coloured the same on a domain's card and on its page. */
export function StatusBadge({ status }: { status: BadgeStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{statusLabel(status)}</Badge>;
}
