import { externalLinksFor } from "~/lib/external-links";
import { DetailSection } from "./detail-section";
import { ExternalLinkList } from "./external-link-list";
import { RegistrarLinks } from "./status-block";
import type { DomainNameView, ShownStatus } from "./types";

/**
 * The registrars' search pages, for statuses whose block does not already
 * list them; premium names are bought through us, not at a registrar.
 */
export function RegistrarSection({ name, status }: { name: DomainNameView; status: ShownStatus }) {
  if (status === "available" || status === "unknown" || status === "premium") return null;
  const intro =
    status === "soonavailable"
      ? "När domänen har släppts kan du registrera den hos en registrar. Spara gärna länkarna redan nu."
      : "Registrarernas domänsök visar om domänen är ledig just nu.";
  return (
    <DetailSection id="registrars" title="Registrarer">
      <p className="text-slate-700">{intro}</p>
      <RegistrarLinks name={name} />
    </DetailSection>
  );
}

/** The registry's search, whois, the web archive and certificate logs. */
export function SearchLinks({ name }: { name: DomainNameView }) {
  return (
    <DetailSection id="search-links" title="Sök mer om domänen">
      <ExternalLinkList links={externalLinksFor(name, "search")} label="Sök mer om domänen" />
    </DetailSection>
  );
}
