import type { ReactNode } from "react";
import { formatLongDateSv, premiumPriceText } from "~/domain/format";
import { isValidIsoDate } from "~/domain/utc-dates";
import { externalLinksFor } from "~/lib/external-links";
import { RELEASE_TIME_TEXT } from "~/lib/site-facts";
import { DetailSection } from "./detail-section";
import { ExternalLinkList } from "./external-link-list";
import { LiveCountdown } from "./live-countdown";
import type { DomainNameView, DomainView, ShownStatus } from "./types";

export const UNKNOWN_STATUS_TEXT = "Information om denna domänstatus är inte tillgänglig.";
export const NOT_IN_DATABASE_TEXT = "Domänen hittades inte i databasen.";
export const BEING_RELEASED_TITLE = "Släpps under morgonen";
export const IN_ZONE_TITLE = "Registrerad enligt registrets zon";

type StatusBlockProps = {
  name: DomainNameView;
  domain: DomainView | null;
  status: ShownStatus;
  serverNow: string;
  /** Released this morning, not yet seen free (the loader decides, so server and browser render the same). */
  beingReleased?: boolean;
  /** Released, and no availability answer since: the block says so instead of "inte registrerad" (the loader decides). */
  uncheckedSinceRelease?: boolean;
  /** The premium contact button and dialog. */
  enquiry?: ReactNode;
  /** The registry's zone delegates the name: a name on no list is then registered, not maybe free. */
  inZone?: boolean;
};

/** The block that depends on the status (docs/product.md, "Names on cards and the domain page"). Unlisted names have none. */
export function StatusBlock({
  name,
  domain,
  status,
  serverNow,
  beingReleased = false,
  uncheckedSinceRelease = false,
  enquiry,
  inZone = false,
}: StatusBlockProps) {
  const id = "status-block";
  if (status === "unknown" || !domain) {
    return (
      // Delegated in the registry's zone, a name on no list is known to be registered; otherwise its status is unknown.
      <DetailSection id={id} title={inZone ? IN_ZONE_TITLE : "Okänd status"}>
        <p className="font-medium text-slate-900">{NOT_IN_DATABASE_TEXT}</p>
        <p className="text-slate-700">
          {inZone
            ? "Namnet finns inte på registrets lista över domäner som snart släpps och inte bland våra premiumdomäner. Det finns i registrets zon, så någon har registrerat det."
            : "Namnet finns inte på registrets lista över domäner som snart släpps och inte bland våra premiumdomäner. Det kan vara registrerat av någon eller ledigt redan nu – registrarernas domänsök visar vilket."}
        </p>
        <RegistrarLinks name={name} />
      </DetailSection>
    );
  }
  switch (status) {
    case "premium":
      return (
        <DetailSection id={id} title="Premiumdomän till salu" className="border-violet-200">
          {/* An administrator's description is shown under the name; without one, what a premium name is. */}
          {!domain.description?.trim() && <p className="text-slate-800">Ett redan registrerat namn som säljs av sin ägare.</p>}
          <p className="text-lg">
            Pris: <strong className="text-slate-900">{premiumPriceText(domain.price)}</strong>
          </p>
          <p className="text-sm text-slate-700">
            Skicka en förfrågan så återkommer en domänexpert med villkoren och hjälper dig genom ägarbytet.
          </p>
          {enquiry}
        </DetailSection>
      );
    case "soonavailable":
      return (
        <DetailSection id={id} title="Snart tillgänglig">
          {domain.releaseDate && isValidIsoDate(domain.releaseDate) ? (
            <>
              <p className="text-lg text-slate-800">
                Släpps <DateText date={domain.releaseDate} className="font-semibold" /> ({RELEASE_TIME_TEXT})
              </p>
              <LiveCountdown releaseDate={domain.releaseDate} serverNow={serverNow} />
            </>
          ) : (
            <p className="text-slate-700">Släppdatumet är inte känt ännu.</p>
          )}
        </DetailSection>
      );
    case "available":
      if (uncheckedSinceRelease) return <UncheckedBlock id={id} name={name} domain={domain} beingReleased={beingReleased} />;
      return (
        <DetailSection id={id} title="Tillgänglig för registrering" className="border-green-200">
          {domain.releaseDate && isValidIsoDate(domain.releaseDate) && (
            <p className="text-lg text-slate-800">
              Tillgänglig sedan <DateText date={domain.releaseDate} className="font-semibold" />
            </p>
          )}
          {beingReleased && <BeingReleasedNote />}
          <p className="text-slate-700">
            Domänen är inte registrerad. Den som registrerar den först hos en registrar får den – vi registrerar inga domäner själva.
          </p>
          <RegistrarLinks name={name} />
        </DetailSection>
      );
    case "registered":
    case "renewed":
      return <TakenBlock id={id} status={status} domain={domain} />;
    case "unlisted":
      return null;
    default:
      return (
        <DetailSection id={id} title="Status">
          <p className="text-slate-700">{UNKNOWN_STATUS_TEXT}</p>
        </DetailSection>
      );
  }
}

export const UNCHECKED_TITLE = "Släppt – inte kontrollerad ännu";
export const UNCHECKED_TEXT =
  "Vi har ännu inte frågat registret om domänen är ledig sedan den släpptes, så vi vet inte om någon redan har registrerat den. Den kontrolleras vid nästa kontroll; till dess visar registrarernas domänsök om den är ledig.";

/** A released name no availability answer has covered since its release: when it was released, and that it is not checked yet. */
function UncheckedBlock({
  id,
  name,
  domain,
  beingReleased,
}: {
  id: string;
  name: DomainNameView;
  domain: DomainView;
  beingReleased: boolean;
}) {
  return (
    <DetailSection id={id} title={UNCHECKED_TITLE}>
      {domain.releaseDate && isValidIsoDate(domain.releaseDate) && (
        <p className="text-lg text-slate-800">
          Släpptes <DateText date={domain.releaseDate} className="font-semibold" /> ({RELEASE_TIME_TEXT})
        </p>
      )}
      {beingReleased && <BeingReleasedNote />}
      <p className="text-slate-700">{UNCHECKED_TEXT}</p>
      <RegistrarLinks name={name} />
    </DetailSection>
  );
}

/** Why a registrar may not offer a name released this morning yet. */
function BeingReleasedNote() {
  return (
    <p className="text-slate-800">
      <strong>{BEING_RELEASED_TITLE}</strong> – registret släpper dagens domäner i slumpvis ordning, så registrarerna kan behöva en stund
      innan de kan erbjuda den.
    </p>
  );
}

function TakenBlock({ id, status, domain }: { id: string; status: "registered" | "renewed"; domain: DomainView }) {
  const date = status === "registered" ? (domain.registrationDate ?? domain.releaseDate) : domain.registrationDate;
  return (
    <DetailSection id={id} title={status === "registered" ? "Registrerad" : "Förnyad"}>
      {date && isValidIsoDate(date) && (
        <p className="text-lg text-slate-800">
          {status === "registered" ? "Registrerad" : "Förnyad"} <DateText date={date} className="font-semibold" />
        </p>
      )}
      {status === "registered" ? (
        <p className="text-slate-700">
          Domänen har registrerats av en ny innehavare och är inte ledig. Titta gärna på liknande domäner nedan.
        </p>
      ) : (
        <p className="text-slate-700">
          Innehavaren förnyade domänen
          {domain.releaseDate && isValidIsoDate(domain.releaseDate) ? (
            <>
              {" "}
              före släppdagen <DateText date={domain.releaseDate} />
            </>
          ) : null}
          , så den släpps inte. Titta gärna på liknande domäner nedan.
        </p>
      )}
    </DetailSection>
  );
}

export function RegistrarLinks({ name }: { name: DomainNameView }) {
  return <ExternalLinkList links={externalLinksFor(name, "registrar")} label="Registrarer" />;
}

function DateText({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatLongDateSv(date)}
    </time>
  );
}
