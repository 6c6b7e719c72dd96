// The public API, version 1 (docs/api.md): the shapes of its answers, defined
// once here. The routes answer with them and the OpenAPI document
// (/api/v1/openapi.json) is generated from them.
import { z } from "zod";
import type { ApiCatchRisk } from "./catch-risk";
import { exportRowSchema, familyColumnsSchema } from "./export-rows";
import { DOMAIN_STATUSES, SCORE_THRESHOLDS } from "./labels";
import { NAME_SERVER_OPERATOR_KINDS } from "./name-server-operators";
import { SUPPORTED_TLDS } from "./names";
import { TWINS_LIMIT, type RelatedName } from "./siblings-twins";
import type { ZoneFacts } from "./zone-facts";
import { CATCH_BUCKETS, CATCH_STATES, CHAR_GROUPS, LENGTH_GROUPS, RELEASE_MINUTE_BUCKET, type StatisticsView } from "./statistics";
import { TAKEN_BY_MAX_OPERATORS, TAKEN_BY_TOP_PER_GROUP, TAKEN_BY_WINDOWS } from "./statistics-taken-by";

export const API_MAX_LIMIT = 1_000;
export const API_DEFAULT_LIMIT = 100;

/** A name on a page of a list: its download row's list columns, and its sibling and twins in brief. */
const listedDomainFamilySchema = exportRowSchema.extend(familyColumnsSchema.shape);

export const domainEventSchema = z
  .object({
    at: z.iso.datetime(),
    type: z.string().meta({ description: "What happened: imported, status_changed, released, …" }),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
  })
  .meta({ id: "DomainEvent", description: "One thing that happened to the name; never who did it." });

export const zoneFactsSchema = z
  .object({
    snapshotAt: z.iso.datetime().meta({ description: "The time of the TLD's zone snapshot in force." }),
    delegated: z.boolean().meta({ description: "The zone in force delegates the name (it has name servers)." }),
    since: z.iso
      .datetime()
      .nullable()
      .meta({ description: "Delegated: the time of the snapshot it was first seen in since it was last absent; null when not delegated." }),
    sinceIsFirstSnapshot: z
      .boolean()
      .meta({ description: "`since` is the site's first snapshot of the TLD: the name was delegated at least since then, maybe long before." }),
    nameServers: z.array(z.string()).meta({ description: "Host names, sorted; empty when not delegated." }),
    hasDs: z.boolean().meta({ description: "The zone has DS records for the name (DNSSEC)." }),
    operator: z
      .object({
        name: z.string(),
        kind: z.enum(NAME_SERVER_OPERATOR_KINDS),
        fromTable: z.boolean().meta({ description: "Matched by the site's table of operators; false: the first name server's registrable domain." }),
      })
      .nullable()
      .meta({ description: "Who the name servers belong to: where the name points, not necessarily who registered it." }),
    lastChange: z
      .object({ kind: z.enum(["appeared", "disappeared", "name_servers_changed"]), at: z.iso.datetime() })
      .nullable()
      .meta({ description: "The last change seen between snapshots (kept 13 months); null when none is known." }),
  })
  .meta({ id: "ZoneFacts", description: "What the registry's zone says of the name." });

const relatedNameSchema = z
  .object({
    name: z.string().meta({ description: "ACE form." }),
    unicodeName: z.string(),
    tld: z.enum(SUPPORTED_TLDS),
    zone: zoneFactsSchema
      .pick({ snapshotAt: true, delegated: true, since: true, sinceIsFirstSnapshot: true, operator: true })
      .nullable()
      .meta({
        description:
          "What the zone in force says of it; null when the site has no snapshot of its TLD. Not delegated: held without name servers, or free.",
      }),
    list: z
      .object({ status: z.enum(DOMAIN_STATUSES), releaseDate: z.iso.date().nullable() })
      .nullable()
      .meta({ description: "Its row on the site's lists (the status as shown now); null when on none." }),
  })
  .meta({ id: "RelatedName", description: "A sibling or twin of the name: what the zone and the site's lists say of it." });
export const catchRiskSchema = z
  .object({
    probability: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta({ description: "The chance that the name is taken at once when released; null when the history is too thin (under 100 released names)." }),
    outOfTen: z.int().min(0).max(10).nullable().meta({ description: "The probability as a whole number out of ten, as the page says it." }),
    level: z.enum(["high", "moderate", "low"]).nullable().meta({ description: "high from 7 of 10, moderate from 4, else low; null when too thin." }),
    basis: z
      .object({
        names: z.int().min(0).meta({ description: "Released names in the group the figure stands on (or in all, when too thin)." }),
        caught: z.int().min(0).nullable().meta({ description: "How many of them were taken at once; null when too thin." }),
        group: z.string().meta({ description: "The group in Swedish words (\".se, 5 tecken, bara bokstäver\"); empty for all released names." }),
        days: z.int().min(1).meta({ description: "The release days counted: this many days before today." }),
      })
      .meta({ description: "What the figure stands on." }),
    text: z.string().meta({ description: "The page's sentences, in Swedish." }),
  })
  .meta({
    id: "CatchRisk",
    description:
      "The risk that a soon-available name is taken at once: before the site saw it free after its release, or within 60 minutes of the first time it did. Smoothed rates among similar names released the last 90 days (docs/api.md).",
  });

// The schema says exactly what apiCatchRisk gives.
const _catchRiskSchemaIsTheShape: Exactly<z.infer<typeof catchRiskSchema>, ApiCatchRisk> = true;

export const domainPageSchema = z
  .object({
    data: z.array(
      listedDomainFamilySchema.extend({
        catchRisk: catchRiskSchema
          .nullable()
          .meta({ description: "As GET /api/v1/domains/{name} gives it: for a soon-available name before its release morning; null for any other." }),
      })
      // The list's row: the download's columns, its sibling and twins in brief, and its risk of being taken at once.
      .meta({ id: "ListedDomain" }),
    ),
    nextCursor: z.string().nullable().meta({ description: "Give it as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "DomainPage" });

export const domainDetailSchema = z
  .object({
    domain: exportRowSchema
      .extend({ description: z.string().nullable() })
      .nullable()
      .meta({ description: "The name as the site's lists hold it; null for a valid name on no list." }),
    history: z.array(domainEventSchema).meta({ description: "Newest first, at most 50." }),
    zone: zoneFactsSchema.nullable().meta({ description: "Null when the site has no snapshot of the TLD's zone." }),
    siblings: z
      .array(relatedNameSchema)
      .meta({ description: "The same label in the other TLD (.se for a .nu name, .nu for a .se name): one entry." }),
    twins: z.array(relatedNameSchema).meta({
      description: `The names of either TLD, the name and its sibling left out, whose label is the same once every accented letter is written as its base letter (räksmörgås → raksmorgas; æ → ae, ø → o, ß → ss, þ → th): the plain form of a name with accented letters whether delegated or not, and the delegated names with accented letters. The name's TLD first; at most ${TWINS_LIMIT}. Only delegated accented twins are found: none without a zone snapshot.`,
    }),
    catchRisk: catchRiskSchema.nullable().meta({ description: "For a soon-available name before its release morning; null for any other." }),
  })
  .meta({ id: "DomainDetail" });

// The schema says exactly what findZoneFacts gives.
const _zoneSchemaIsTheFacts: Exactly<z.infer<typeof zoneFactsSchema>, ZoneFacts> = true;
// And a related name exactly what findSiblingsAndTwins gives.
const _relatedNameSchemaIsTheType: Exactly<z.infer<typeof relatedNameSchema>, RelatedName> = true;

/** An object with one whole-number count per key, every key present (the charts' fixed groups). */
function countsByKey<const Key extends string>(keys: readonly Key[], description: string) {
  const count = z.int().min(0);
  return z.object(Object.fromEntries(keys.map((key) => [key, count])) as Record<Key, typeof count>).meta({ description });
}

const catchCountsShape = {
  released: z.int().min(0).meta({ description: "Released names counted in this group." }),
  states: countsByKey(
    CATCH_STATES,
    "Names by when they were seen registered again after 04:00 UTC on their release day (disjoint buckets), still free, or not checked since.",
  ),
  byNextCheck: countsByKey(
    CATCH_BUCKETS.map((bucket) => bucket.key),
    "Of each bucket's names, those whose check before the catch came before the previous bucket's bound: maybe caught sooner, seen at the next check.",
  ),
};

const countedGroupSchema = z.object({ key: z.string(), label: z.string(), names: z.int().min(0) });

const operatorKind = z.enum(NAME_SERVER_OPERATOR_KINDS);
const operatorKnown = z.boolean().meta({ description: "Matched by the site's table of operators; false: the first name server's registrable domain." });
const medianSeconds = z
  .number()
  .min(0)
  .nullable()
  .meta({ description: "Median seconds from the release moment (04:00 UTC) to the first zone snapshot that had the name; null when none was taken." });

const takenByGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  released: z.int().min(0).meta({ description: "Names of the group released in the period." }),
  taken: z.int().min(0).meta({ description: "Of them, in the registry's zone again after their release." }),
  kinds: countsByKey(NAME_SERVER_OPERATOR_KINDS, "The names taken again by the kind of operator their name servers point at."),
  topOperators: z
    .array(z.object({ operator: z.string(), kind: operatorKind, known: operatorKnown, names: z.int().min(1) }))
    .meta({ description: `The group's largest operators, most names first (at most ${TAKEN_BY_TOP_PER_GROUP}).` }),
  medianSeconds,
});

const takenByWindowSchema = z
  .object({
    days: z.union(TAKEN_BY_WINDOWS.map((days) => z.literal(days))).meta({ description: "The period: release days from this many days before today (UTC)." }),
    released: z.int().min(0).meta({ description: "Names released in the period." }),
    taken: z.int().min(0).meta({ description: "Of them, in the registry's zone again after their release (registered again, with name servers)." }),
    medianSeconds,
    operators: z
      .array(
        z.object({
          operator: z.string().meta({ description: "The operator's name, or the registrable domain of the first name server when the table has none." }),
          kind: operatorKind,
          known: operatorKnown,
          names: z.int().min(1),
          medianSeconds: z.number().min(0).meta({ description: "Median seconds from the release moment to the first snapshot that had the name." }),
        }),
      )
      .meta({ description: `Where the names taken again point, most names first (at most ${TAKEN_BY_MAX_OPERATORS}).` }),
    otherOperators: z
      .object({ operators: z.int().min(0), names: z.int().min(0) })
      .meta({ description: "The operators past those listed, and their names together." }),
    byLength: z.array(takenByGroupSchema).meta({ description: "Per label length group." }),
    byChars: z.array(takenByGroupSchema).meta({ description: "Per character class (IDN before hyphen before digits)." }),
  })
  .meta({
    id: "TakenByPeriod",
    description:
      "Names released in the period that the registry's zone has again, by the operator the name servers of the first snapshot that has them point at: where a name points, usually but not always who registered it.",
  });

export const statisticsSchema = z
  .object({
    computedAt: z.iso.datetime().nullable().meta({ description: "When the figures were last computed; null before the first time." }),
    today: z.iso.date().meta({ description: "Today (UTC), which the day series are counted from." }),
    releaseDays: z
      .array(
        z.object({
          day: z.iso.date(),
          se: z.int().min(0),
          nu: z.int().min(0),
          scheduled: z.boolean().meta({ description: "Names listed for release that day (not yet released), rather than released." }),
        }),
      )
      .meta({ description: "Every day from 90 days back to 60 ahead: names released, or scheduled for release, per TLD." }),
    catchByDay: z
      .array(z.object({ day: z.iso.date(), ...catchCountsShape }))
      .meta({ description: "The catch counts per release day, the last 91 days." }),
    catchByLength: z
      .array(z.object({ key: z.enum(LENGTH_GROUPS.map((group) => group.key)), label: z.string(), ...catchCountsShape }))
      .meta({ description: "The catch counts per label length group." }),
    catchByChars: z
      .array(z.object({ key: z.enum(CHAR_GROUPS.map((group) => group.key)), label: z.string(), ...catchCountsShape }))
      .meta({ description: "The catch counts per character class (IDN before hyphen before digits)." }),
    renewalCurve: z
      .array(
        z.object({
          daysLeft: z.int().min(0),
          onList: z.int().min(0).meta({ description: "Names on a list with this many days left whose release day has passed." }),
          renewed: z.int().min(0).meta({ description: "How many of those were renewed instead of released." }),
        }),
      )
      .meta({ description: "From 60 days left to 0." }),
    currentList: z
      .object({
        total: z.int().min(0),
        lengths: z.array(countedGroupSchema),
        chars: z.array(countedGroupSchema),
        tlds: z.array(countedGroupSchema),
        scoreLabels: z
          .array(countedGroupSchema)
          .meta({
            description: `By quality label: ${[...SCORE_THRESHOLDS.map((threshold) => threshold.label), "Mindre bra"].join(", ")}.`,
          }),
      })
      .meta({ description: "The names on the soon-available list now, by group." }),
    mornings: z
      .object({
        measuredMornings: z.int().min(0).meta({ description: "Release mornings of the past 90 days whose rounds ran." }),
        releaseMinutes: z
          .array(z.object({ minute: z.int().min(0), names: z.int().min(0) }))
          .meta({ description: `Names first seen free in each ${RELEASE_MINUTE_BUCKET}-minute bucket, in minutes after 04:00 UTC, until 12:00 UTC.` }),
        firstHour: z
          .array(
            z.object({
              grouping: z.enum(["length", "chars", "tld"]),
              key: z.string(),
              label: z.string(),
              names: z.int().min(0),
              inFirstHour: z.int().min(0),
            }),
          )
          .meta({ description: "Per group, the measured names and how many of them were first seen free before 05:00 UTC." }),
        catchDurations: z
          .array(
            z.object({
              grouping: z.enum(["all", "length", "chars"]),
              key: z.string(),
              label: z.string(),
              names: z.int().min(1),
              p25Seconds: z.number().min(0),
              p50Seconds: z.number().min(0),
              p75Seconds: z.number().min(0),
            }),
          )
          .meta({ description: "Seconds from first seen free to seen registered again (within a day), quartiles; groups without catches are left out." }),
      })
      .meta({ description: "What the measured release mornings show: when names became free, and how fast they were taken." }),
    takenBy: z
      .array(takenByWindowSchema)
      .meta({ description: `Who takes the released names: the last ${TAKEN_BY_WINDOWS.join(" and ")} days. Zone data: Internetstiftelsen.` }),
  })
  .meta({ id: "Statistics", description: "The figures of the statistics page, recomputed from the aggregate tables." });

// The schema says exactly what loadStatistics gives: a field added to one and not the other fails the type check.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _statisticsSchemaIsTheView: Exactly<z.infer<typeof statisticsSchema>, StatisticsView> = true;

/** RFC 9457 problem details, the body of every error. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
  })
  .meta({ id: "Problem" });

export type Problem = z.infer<typeof problemSchema>;
