// Where a domain page sends people: registrars to order a name and tools to
// look it up. One table, so a registrar that changes its URL is fixed in one
// place. The patterns come from peers' code (shared/DOMAIN.md) and were not
// checked live.

export type ExternalLinkKind = "registrar" | "search";

export type ExternalLinkDefinition = {
  id: string;
  kind: ExternalLinkKind;
  label: string;
  /** What the link does, in Swedish, for the link's accessible description. */
  description: string;
  /**
   * Which form of the name the site expects: registrars and the registry take
   * what people type (Unicode); archives, whois and certificate logs store ACE.
   */
  nameForm: "unicode" | "ace";
  url: (encodedName: string) => string;
};

export const EXTERNAL_LINKS: readonly ExternalLinkDefinition[] = [
  {
    id: "loopia",
    kind: "registrar",
    label: "Loopia",
    description: "Sök och beställ domänen hos Loopia",
    nameForm: "unicode",
    url: (d) => `https://www.loopia.se/domannamn/?q=${d}`,
  },
  {
    id: "binero",
    kind: "registrar",
    label: "Binero",
    description: "Sök och beställ domänen hos Binero",
    nameForm: "unicode",
    url: (d) => `https://www.binero.se/domaner?domain=${d}`,
  },
  {
    id: "one-com",
    kind: "registrar",
    label: "One.com",
    description: "Sök och beställ domänen hos One.com",
    nameForm: "unicode",
    url: (d) => `https://www.one.com/en/domain?domain=${d}`,
  },
  {
    id: "registry",
    kind: "search",
    label: "Internetstiftelsen",
    description: "Domänsök hos registret för .se och .nu",
    nameForm: "unicode",
    url: (d) => `https://internetstiftelsen.se/domaner/?lang=se&q=${d}`,
  },
  {
    id: "whois",
    kind: "search",
    label: "Whois",
    description: "Vem som har registrerat domänen",
    nameForm: "ace",
    url: (d) => `https://who.is/whois/${d}`,
  },
  {
    id: "web-archive",
    kind: "search",
    label: "Web Archive",
    description: "Hur webbplatsen på domänen har sett ut tidigare",
    nameForm: "ace",
    url: (d) => `https://web.archive.org/web/*/${d}`,
  },
  {
    id: "crt-sh",
    kind: "search",
    label: "crt.sh",
    description: "Certifikat som har utfärdats för domänen",
    nameForm: "ace",
    url: (d) => `https://crt.sh/?q=${d}`,
  },
];

export type ExternalLink = { id: string; kind: ExternalLinkKind; label: string; description: string; href: string };

/** The links for one name, with the name percent-encoded in the form each site expects. */
export function externalLinksFor(name: { ace: string; unicode: string }, kind?: ExternalLinkKind): ExternalLink[] {
  return EXTERNAL_LINKS.filter((link) => kind === undefined || link.kind === kind).map((link) => ({
    id: link.id,
    kind: link.kind,
    label: link.label,
    description: link.description,
    href: link.url(encodeURIComponent(link.nameForm === "ace" ? name.ace : name.unicode)),
  }));
}
