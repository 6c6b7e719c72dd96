// The statistics' groups and catch buckets (app/domain/statistics.ts) written as SQL expressions,
// generated from the same constants so the aggregation and the pages cannot disagree. Every value
// spliced in is one of those constants, never input.
import { CATCH_BUCKETS, LENGTH_GROUPS } from "~/domain/statistics";
import { SCORE_THRESHOLDS } from "~/domain/labels";
import { NAME_CHAR_BITS } from "~/domain/name-chars";
import { RELEASE_HOUR_UTC } from "~/domain/release-instant";

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const milliseconds = (ms: number) => `interval '${ms} milliseconds'`;

/** lengthGroup() in SQL. */
export function lengthGroupSql(length: string): string {
  const bounded = LENGTH_GROUPS.filter((group) => Number.isFinite(group.max));
  const last = LENGTH_GROUPS[LENGTH_GROUPS.length - 1];
  return `case ${bounded.map((group) => `when ${length} <= ${group.max} then ${quote(group.key)}`).join(" ")} else ${quote(last.key)} end`;
}

/** charGroup() in SQL. */
export function charGroupSql(nameChars: string): string {
  return `case when ${nameChars} & ${NAME_CHAR_BITS.nonLatin} <> 0 then 'idn'
               when ${nameChars} & ${NAME_CHAR_BITS.special} <> 0 then 'hyphen'
               when ${nameChars} & ${NAME_CHAR_BITS.digits} <> 0 then 'digits'
               else 'letters' end`;
}

/** scoreLabel() in SQL. */
export function scoreLabelSql(score: string): string {
  return `case ${SCORE_THRESHOLDS.map((threshold) => `when ${score} >= ${threshold.min} then ${quote(threshold.label)}`).join(" ")} else 'Mindre bra' end`;
}

/** releaseMomentMs() in SQL: 04:00 UTC on the release date, as a timestamptz. */
export function releaseMomentSql(releaseDate: string): string {
  return `((${releaseDate} + time '${String(RELEASE_HOUR_UTC).padStart(2, "0")}:00') at time zone 'UTC')`;
}

/** placeCatch() in SQL, over a release_outcomes row aliased `o`: its state and whether it was seen only at the next check. */
export function catchPlacementSql(): { state: string; byNextCheck: string } {
  const moment = releaseMomentSql("o.release_date");
  const finite = CATCH_BUCKETS.filter((bucket) => Number.isFinite(bucket.upToMs));
  const states = finite.map((bucket) => `when o.taken_at <= ${moment} + ${milliseconds(bucket.upToMs)} then ${quote(bucket.key)}`);
  const lastFreeBefore = (bound: number) => `coalesce(o.last_free_at, ${moment}) < ${moment} + ${milliseconds(bound)}`;
  const nextCheck = finite.map((bucket, index) =>
    index === 0
      ? `when o.taken_at <= ${moment} + ${milliseconds(bucket.upToMs)} then false`
      : `when o.taken_at <= ${moment} + ${milliseconds(bucket.upToMs)} then ${lastFreeBefore(finite[index - 1].upToMs)}`,
  );
  return {
    state: `case when o.taken_at is null then (case when o.last_free_at is null then 'unchecked' else 'free' end)
                 ${states.join(" ")} else ${quote(CATCH_BUCKETS[CATCH_BUCKETS.length - 1].key)} end`,
    byNextCheck: `case when o.taken_at is null then false ${nextCheck.join(" ")} else ${lastFreeBefore(finite[finite.length - 1].upToMs)} end`,
  };
}

/** familyGroup() in SQL, over a row's sibling and twin flags. */
export function familyGroupSql(siblingRegistered: string, twinRegistered: string): string {
  return `case when ${siblingRegistered} then 'sibling' when ${twinRegistered} then 'twin'
               when ${siblingRegistered} = false and ${twinRegistered} = false then 'none' else 'unknown' end`;
}
