import type { MetaDescriptor } from "react-router";
import { formatLongDateSv, formatPriceSek } from "~/domain/format";
import { isValidIsoDate } from "~/domain/utc-dates";
import { domainPagePath } from "~/lib/domain-path";
import { pageMeta, type SiteInfo } from "~/lib/page-meta";
import { RELEASE_TIME_TEXT } from "~/lib/site-facts";
import { operatorText, type ZoneFacts } from "~/domain/zone-facts";
import type { DomainNameView, DomainView, ShownStatus } from "./types";

type MetaInput = {
  name: DomainNameView;
  domain: DomainView | null;
  status: ShownStatus;
  uncheckedSinceRelease?: boolean;
  /** What the registry's zone says (null: no snapshot of the TLD): for a name on no list, all that is known. */
  zone?: ZoneFacts | null;
};

/** A name on no list: the zone tells it is registered (delegated) or not delegated; without a snapshot nothing is known. */
function unknownPhrase(zone: ZoneFacts | null | undefined): string {
  if (!zone) return "okänd status";
  return zone.delegated ? "registrerad (i registrets zon)" : "inte i registrets zon";
}

/** "räksmörgås.se – släpps 6 juli 2026" (the site suffix is added by pageMeta). */
export function domainPageTitle({ name, domain, status, uncheckedSinceRelease, zone }: MetaInput): string {
  const date = validDate(domain?.releaseDate);
  if (status === "available" && uncheckedSinceRelease) return `${name.unicode} – släppt, inte kontrollerad ännu`;
  const phrase: Record<ShownStatus, string> = {
    soonavailable: date ? `släpps ${formatLongDateSv(date)}` : "snart ledig",
    available: "ledig att registrera",
    premium: "premiumdomän till salu",
    registered: "registrerad",
    renewed: "förnyad av innehavaren",
    unlisted: "domäninformation",
    unknown: unknownPhrase(zone),
  };
  return `${name.unicode} – ${phrase[status]}`;
}

/** States the status and, where there is one, the release date. */
export function domainPageDescription({ name, domain, status, uncheckedSinceRelease, zone }: MetaInput): string {
  const u = name.unicode;
  const date = validDate(domain?.releaseDate);
  const longDate = date ? formatLongDateSv(date) : null;
  if (status === "available" && uncheckedSinceRelease) {
    return `${u} släpptes${longDate ? ` ${longDate}` : ""}. Vi har inte kontrollerat ännu om den är ledig; registrarernas domänsök visar det.`;
  }
  switch (status) {
    case "soonavailable":
      return longDate
        ? `${u} är snart ledig: domänen släpps ${longDate} kl. ${RELEASE_TIME_TEXT}. Följ nedräkningen, spara domänen och se registrarer och liknande domäner.`
        : `${u} är snart ledig. Spara domänen och se registrarer och liknande domäner.`;
    case "available":
      return `${u} är ledig att registrera${longDate ? ` sedan ${longDate}` : ""}. Registrera den hos en registrar innan någon annan gör det.`;
    case "premium":
      return `${u} är en premiumdomän till salu${domain?.price != null ? ` för ${formatPriceSek(domain.price)}` : ""}. Skicka en förfrågan så hjälper vi dig genom köpet.`;
    case "registered":
      return `${u} är registrerad och inte ledig${longDate ? ` (släpptes ${longDate})` : ""}. Se historiken och liknande domäner som snart blir lediga.`;
    case "renewed":
      return `${u} förnyades av innehavaren${longDate ? ` före släppdagen ${longDate}` : ""} och släpps inte. Se liknande domäner som snart blir lediga.`;
    default:
      if (zone?.delegated) {
        const points = operatorText(zone);
        return `${u} är registrerad: namnet finns i registrets zon${points ? ` och ${points}` : ""}. Det står inte på listan över domäner som snart släpps. Se liknande domäner som snart blir lediga.`;
      }
      if (zone) {
        return `${u} finns inte i registrets zon: domänen är antingen registrerad utan namnservrar eller ledig. Sök hos registrarer om den är ledig.`;
      }
      return `Status för ${u}: okänd. Se längd och toppdomän, och sök hos registrarer om domänen är ledig.`;
  }
}

/** Title, description, canonical, Open Graph and schema.org data for a name's page. */
export function domainPageMeta(site: SiteInfo | undefined, input: MetaInput): MetaDescriptor[] {
  const title = domainPageTitle(input);
  const description = domainPageDescription(input);
  const path = domainPagePath(input.name.unicode);
  // Names nobody lists are reachable by typing any name: keep them out of the index.
  const noIndex = input.status === "unknown";
  return [...pageMeta(site, { title, description, path, noIndex }), { "script:ld+json": domainJsonLd(site, input, title, description) }];
}

type JsonLd = { [key: string]: string | number | JsonLd | undefined };

/**
 * schema.org data. React Router's Meta serialises it and escapes "<", ">",
 * "&", U+2028 and U+2029, so a description can never close the script tag.
 */
export function domainJsonLd(site: SiteInfo | undefined, { name, domain, status }: MetaInput, title: string, description: string): JsonLd {
  const url = `${(site?.siteUrl ?? "").replace(/\/$/, "")}${domainPagePath(name.unicode)}`;
  const page: JsonLd = {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: title,
    description,
    url,
    inLanguage: "sv-SE",
    dateModified: domain?.updatedAt,
    about: { "@type": "Thing", name: name.unicode, alternateName: name.ace !== name.unicode ? name.ace : undefined },
  };
  if (status === "premium" && domain) {
    page.mainEntity = {
      "@type": "Product",
      name: name.unicode,
      description: domain.description ?? undefined,
      offers: {
        "@type": "Offer",
        priceCurrency: "SEK",
        price: domain.price ?? undefined,
        availability: "https://schema.org/InStock",
        url,
      },
    };
  }
  return page;
}

function validDate(date: string | null | undefined): string | null {
  return date && isValidIsoDate(date) ? date : null;
}
