import { Link } from "react-router";
import {
  relatedNameText,
  siblingHeading,
  TWINS_LIMIT,
  twinsHeading,
  twinsIntroText,
  type RelatedName,
  type SiblingsTwins,
} from "~/domain/siblings-twins";
import { ZoneSource } from "~/components/zone-source";
import { domainPagePath } from "~/lib/domain-path";
import { DetailSection } from "./detail-section";

const linkClass = "font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800";

/** A related name linked to its page, and what the zone and the lists say of it. */
function RelatedNameItem({ related }: { related: RelatedName }) {
  return (
    <>
      <Link to={domainPagePath(related.unicodeName)} className={linkClass}>
        {related.unicodeName}
      </Link>{" "}
      <span className="text-slate-800">{relatedNameText(related)}</span>
    </>
  );
}

/**
 * The name's sibling (the same label in the other TLD) and its twins (the
 * same label without, or with, å, ä, ö and other accented letters), each
 * linked to its page (docs/product.md, "Siblings and twins"). The twins'
 * section is left out when there is neither a twin nor a zone to look in.
 */
export function SiblingsTwinsSection({ facts }: { facts: SiblingsTwins }) {
  const { sibling, twins } = facts;
  const hasZone = facts.zoneTlds.length > 0;
  return (
    <>
      <DetailSection id="sibling" title={siblingHeading(sibling.tld)}>
        <p>
          <RelatedNameItem related={sibling} />
        </p>
        {sibling.zone && <ZoneSource after="." />}
      </DetailSection>
      {(twins.length > 0 || hasZone) && (
        <DetailSection id="twins" title={twinsHeading(facts.foldedLetters)}>
          <p className="text-sm text-slate-600">{twinsIntroText(facts)}</p>
          {twins.length > 0 ? (
            <ul className="space-y-2">
              {twins.map((twin) => (
                <li key={twin.name}>
                  <RelatedNameItem related={twin} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-800">Inga registrerade tvillingar i zonen.</p>
          )}
          {facts.moreTwins && <p className="text-sm text-slate-600">{`Det finns fler; de första ${TWINS_LIMIT} visas.`}</p>}
          {hasZone && <ZoneSource after="." />}
        </DetailSection>
      )}
    </>
  );
}
