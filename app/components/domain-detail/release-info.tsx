import { Link } from "react-router";
import { formatLongDateSv } from "~/domain/format";
import { isValidIsoDate } from "~/domain/utc-dates";
import { releaseStatsText, type DomainReleaseStats } from "~/domain/statistics";
import { RELEASE_TIME_TEXT, SITE_FACTS } from "~/lib/site-facts";
import { DetailSection } from "./detail-section";
import type { DomainView, ShownStatus } from "./types";

/** How releases work, with this name's dates where they are known. Premium names are sold, not released. */
export function ReleaseInfo({
  status,
  domain,
  releaseStats,
}: {
  status: ShownStatus;
  domain: DomainView | null;
  releaseStats: DomainReleaseStats | null;
}) {
  if (status === "premium") return null;
  const releaseDate = domain?.releaseDate && isValidIsoDate(domain.releaseDate) ? domain.releaseDate : null;
  const lines = releaseLines(status, releaseDate);
  const statsLine = releaseStats ? releaseStatsText(releaseStats) : null;
  return (
    <DetailSection id="release-info" title="Om släppet">
      <ul className="list-disc space-y-2 pl-5 text-slate-800">
        {statsLine && (
          <li>
            {statsLine}{" "}
            <Link to="/statistik" className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
              Så räknar vi
            </Link>
          </li>
        )}
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {releaseDate && (status === "available" || status === "registered") && (
          <li>
            <Link to={`/slappta/${releaseDate}`} className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
              Alla namn som släpptes {formatLongDateSv(releaseDate)}
            </Link>{" "}
            och vad som blev av dem.
          </li>
        )}
      </ul>
    </DetailSection>
  );
}

function releaseLines(status: ShownStatus, releaseDate: string | null): string[] {
  const date = releaseDate ? formatLongDateSv(releaseDate) : null;
  switch (status) {
    case "soonavailable":
      return [
        date ? `Släppdatum: ${date}, tidigast klockan ${RELEASE_TIME_TEXT}.` : "Släppdatumet är inte känt ännu.",
        SITE_FACTS.releaseTime,
        SITE_FACTS.dataSource,
        SITE_FACTS.noPreBooking,
        SITE_FACTS.noReleaseEmail,
        SITE_FACTS.registrarDelay,
      ];
    case "available":
      return [date ? `Domänen släpptes ${date}.` : "Domänen är släppt.", SITE_FACTS.registrarDelay, SITE_FACTS.notARegistrar];
    case "registered":
      return [date ? `Domänen släpptes ${date} och registrerades sedan på nytt.` : "Domänen är registrerad.", SITE_FACTS.nightlyUpdate];
    case "renewed":
      return [
        date ? `Domänen skulle ha släppts ${date}, men innehavaren förnyade den.` : "Innehavaren förnyade domänen.",
        SITE_FACTS.dataSource,
      ];
    default:
      return [SITE_FACTS.dataSource, SITE_FACTS.releaseTime, SITE_FACTS.nightlyUpdate];
  }
}
