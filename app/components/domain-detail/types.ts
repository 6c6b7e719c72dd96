// The shapes the domain page's components receive: parts of the loader's data.
import type { DomainPage } from "~/domain/domain-page";

/** A parsed .se/.nu name, as the page shows and links it. */
export type DomainNameView = DomainPage["name"];
/** A stored name's fields the page shows. */
export type DomainView = NonNullable<DomainPage["domain"]>;
/** The effective status for a stored name, "unknown" for a name not in the database. */
export type ShownStatus = DomainPage["status"];
export type DomainEventView = DomainPage["events"][number];
