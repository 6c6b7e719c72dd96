import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { catchRiskListText } from "~/domain/catch-risk-levels";
import { cardCountdownText } from "~/domain/countdown";
import { premiumPriceText } from "~/domain/format";
import type { DomainCardData } from "~/domain/domain-card";
import { familyMarks } from "~/domain/name-family";
import { effectiveStatus, PREMIUM_CARD_TEXT, scoreLabel, type DomainStatus } from "~/domain/labels";
import { isValidIsoDate } from "~/domain/utc-dates";
import { shortenDomainName } from "~/domain/shorten";
import { cn } from "~/lib/cn";
import { DomainNameText } from "~/components/domain-name-text";
import { StatusBadge } from "~/components/status-badge";

/** The card's title under the page's headings: h2 under a page's h1 alone, h3 under a section's h2. */
export type CardHeadingLevel = 2 | 3;

export type DomainCardProps = {
  domain: DomainCardData;
  /**
   * The server's clock (epoch ms) from the loader, so the server and the
   * browser render the same countdown text (no hydration mismatch).
   */
  now: number;
  headingLevel: CardHeadingLevel;
  /** Rendered top-right, outside the card's link (e.g. <BookmarkToggle variant="icon" />). */
  action?: ReactNode;
  className?: string;
  /** New to the saved search the view was opened from: a "Ny" ribbon. */
  isNew?: boolean;
};

/**
 * A domain card: the whole card is one link to the domain's page. Its rows:
 * the ribbons (an empty row without them, beside the action in the corner,
 * so the name below has the card's whole width and the names of a row of
 * cards line up), the name, one status text (with the countdown, always on
 * a line of its own under the badge, or the price), and the score, pinned to
 * the bottom so scores line up too.
 */
export function DomainCard({ domain, now, headingLevel, action, className, isNew = false }: DomainCardProps) {
  const status = effectiveStatus(domain.status, domain.releaseDate, new Date(now));
  const shown = shortenDomainName(domain.unicodeName);
  const countdown = countdownText(domain, status, now);
  const isPremium = domain.status === "premium";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const marks = familyMarks(domain.family, domain.tld);
  return (
    <article className={cn("card", className)} data-domain={domain.unicodeName} data-new={isNew || undefined}>
      <Link to={`/d/${encodeURIComponent(domain.unicodeName)}`} className="card-link">
        <span className="card-ribbons">
          {isNew && <span className="new-badge">Ny</span>}
          {isPremium && <Ribbon className="bg-violet-700">Premium</Ribbon>}
          {domain.isFeatured && <Ribbon className="bg-accent-400 text-slate-900">Utvald</Ribbon>}
        </span>
        <Heading
          className="card-name"
          style={{ "--label-chars": labelLength(shown) } as CSSProperties}
          title={shown === domain.unicodeName ? undefined : domain.unicodeName}
        >
          {shown === domain.unicodeName ? (
            <DomainNameText name={shown} />
          ) : (
            <>
              <span aria-hidden="true">
                <DomainNameText name={shown} />
              </span>
              <span className="sr-only">{domain.unicodeName}</span>
            </>
          )}
        </Heading>
        <span className="card-status">
          {isPremium ? (
            <>
              <span className="font-semibold text-violet-800">{PREMIUM_CARD_TEXT}</span>
              <span className="font-semibold text-slate-900">{premiumPriceText(domain.price)}</span>
            </>
          ) : (
            <>
              <StatusBadge status={status} />
              {countdown && <span className="card-countdown">{countdown}</span>}
            </>
          )}
        </span>
        {status === "soonavailable" && domain.catchRisk !== undefined && (
          <span className="card-risk">
            <span>{catchRiskListText(domain.catchRisk)}</span>
            {domain.catchRiskBasis && <span className="card-risk-basis">{domain.catchRiskBasis}</span>}
          </span>
        )}
        {/* Each text one string: React would put a <!-- --> between the pieces of a text. */}
        <span className="card-score">
          {`${scoreLabel(domain.score)} `}
          <span>{`(${domain.score} poäng)`}</span>
        </span>
        {marks.length > 0 && (
          <span className="card-family" data-testid="card-family">
            {marks.join(" · ")}
          </span>
        )}
      </Link>
      {action && <div className="card-action">{action}</div>}
    </article>
  );
}

/**
 * A soon-available name's countdown until its release. Once
 * released its badge says "Tillgänglig", and a "Tillgänglig!" beside it would
 * say it twice; premium names show "Till salu" instead of a badge.
 */
function countdownText(domain: DomainCardData, status: DomainStatus, now: number): string | null {
  if (status !== "soonavailable" || !domain.releaseDate || !isValidIsoDate(domain.releaseDate)) return null;
  return cardCountdownText(domain.releaseDate, new Date(now));
}

function Ribbon({ className, children }: { className?: string; children: ReactNode }) {
  return <span className={cn("ribbon", className)}>{children}</span>;
}

/** The characters of the label as shown (before its TLD): the card's name is sized so that they fit on a line. */
function labelLength(shown: string) {
  const dot = shown.lastIndexOf(".");
  return dot > 0 ? dot : shown.length;
}
