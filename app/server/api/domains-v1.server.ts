/**
 * The public API's reads (docs/api.md): a page of a list view, and one name
 * with its history. Both answer with the rows of the downloads
 * (toExportRow), so the API, the files and the pages say the same.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { API_DEFAULT_LIMIT, API_MAX_LIMIT } from "~/domain/api-v1";
import { type ExportRow, type FamilyExportColumns, toExportRow } from "~/domain/export-rows";
import { UNKNOWN_FAMILY } from "~/domain/name-family";
import { parseDomainName } from "~/domain/names";
import { filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "~/domain/public-filters";
import { isPublicList } from "~/domain/saved-searches";
import { decodeListCursor } from "~/lib/list-cursor";
import { LISTING_SORTS, type ListingSort, parseFeaturedToggle, SOON_SORTS, type SoonSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domainEvents, domains } from "~/server/db/schema/index.server";
import type { DomainPage } from "~/server/domains/domain-card-data.server";
import { DOMAIN_EVENTS_LIMIT } from "~/server/domains/events.server";
import { findAvailable, findFeatured, findPremium, findSoonAvailable, listOrder } from "~/server/domains/lists.server";
import { cursorFitsOrder } from "~/server/domains/order.server";
import { exportColumns } from "~/server/exports/list-export.server";
import { findSiblingStatuses } from "~/server/zone/name-families.server";
import { findSiblingsAndTwins } from "~/server/zone/siblings-twins.server";
import { findZoneFacts } from "~/server/zone/zone-facts.server";
import { type ApiCatchRisk, apiCatchRisk } from "~/domain/catch-risk";
import { catchRiskColumns, findCatchRisk, loadCatchRiskModel, nameCatchRisk } from "~/server/statistics/catch-risk.server";

export type ApiListQuery = { list: PublicList; sort: string; cursor: string | null; limit: number; search: URLSearchParams };

/** The query of GET /api/v1/domains, or what is wrong with it (a 400's detail). Filters parse as on the site: an unknown value is off. */
export function parseApiListQuery(params: URLSearchParams): { ok: true; query: ApiListQuery } | { ok: false; detail: string } {
  const list = params.get("list") ?? "soon-available";
  if (!isPublicList(list)) return { ok: false, detail: "list must be one of soon-available, available, featured, premium." };
  const sorts: readonly string[] = list === "soon-available" ? SOON_SORTS : list === "premium" ? ["score-desc"] : LISTING_SORTS;
  const sort = params.get("sort") ?? sorts[0];
  if (!sorts.includes(sort)) return { ok: false, detail: `sort must be one of ${sorts.join(", ")} for ${list}.` };
  const limitText = params.get("limit");
  const limit = limitText === null ? API_DEFAULT_LIMIT : /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= API_MAX_LIMIT)) return { ok: false, detail: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` };
  const cursor = params.get("cursor");
  if (cursor !== null && !isCursorOf(list, sort, cursor))
    return { ok: false, detail: "cursor must be a nextCursor this API gave for this list and sort." };
  return { ok: true, query: { list, sort, cursor, limit, search: params } };
}

/** A cursor the list's order can hold (`abc_a.se` is no position in a list by date, `NaN_a.se` none in one by score). */
function isCursorOf(list: PublicList, sort: string, text: string): boolean {
  const cursor = decodeListCursor(text);
  return cursor !== null && cursorFitsOrder(listOrder(list, sort), cursor);
}

/** One page of the list view, in its order, each name with its sibling and twins in brief, and the cursor of the next. */
export async function readApiDomainPage(
  db: Db,
  query: ApiListQuery,
  siteUrl: string,
  now: Date,
): Promise<{ data: (ExportRow & FamilyExportColumns & { catchRisk: ApiCatchRisk | null })[]; nextCursor: string | null }> {
  const filters = filtersFor(filterScopeOf(query.list), parsePublicFilters(query.search));
  const options = { after: query.cursor, pageSize: query.limit, filters, now };
  const page: DomainPage = await (() => {
    switch (query.list) {
      case "soon-available":
        return findSoonAvailable(db, {
          ...options,
          sort: query.sort as SoonSort,
          includeFeatured: parseFeaturedToggle(query.search.getAll("featured")),
        });
      case "available":
        return findAvailable(db, { ...options, sort: query.sort as ListingSort });
      case "featured":
        return findFeatured(db, { ...options, sort: query.sort as ListingSort });
      case "premium":
        return findPremium(db, options);
    }
  })();
  const names = page.domains.map((domain) => domain.name);
  // The flags came with the page's cards (its query reads them, decision 0089); the siblings' statuses by key.
  const [rows, siblingStatuses, model] = await Promise.all([
    names.length > 0
      ? db
          .select({ ...exportColumns, ...catchRiskColumns(now) })
          .from(domains)
          .where(inArray(domains.name, names))
      : [],
    findSiblingStatuses(db, names, now),
    loadCatchRiskModel(db),
  ]);
  const byName = new Map(
    rows.map((row) => {
      const risk = nameCatchRisk(model, row, now);
      return [row.name, { ...toExportRow(row, siteUrl), catchRisk: risk ? apiCatchRisk(risk) : null }];
    }),
  );
  return {
    data: page.domains.flatMap(({ name, family = UNKNOWN_FAMILY }) => {
      const row = byName.get(name);
      const brief = {
        siblingRegistered: family.siblingRegistered,
        siblingStatus: siblingStatuses.get(name) ?? null,
        twinRegistered: family.twinRegistered,
      };
      return row ? [{ ...row, ...brief }] : [];
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * A valid .se/.nu name by either form: the lists' row with its history (what
 * and when, never who), `domain` null and no history for a name on no list,
 * what the zone says of it (null when its TLD has no snapshot), and its
 * sibling and twins (findSiblingsAndTwins; `now` for their statuses shown).
 */
export async function readApiDomain(db: Db, name: string, siteUrl: string, now: Date = new Date()) {
  const parsed = parseDomainName(name);
  if (!parsed.ok) return { ok: false as const, reason: "invalid" as const };
  const [[row], history, zone, related, catchRisk] = await Promise.all([
    db
      .select({ ...exportColumns, description: domains.description })
      .from(domains)
      .where(eq(domains.name, parsed.ace))
      .limit(1),
    db
      .select({ at: domainEvents.createdAt, type: domainEvents.type, fromStatus: domainEvents.fromStatus, toStatus: domainEvents.toStatus })
      .from(domainEvents)
      .where(eq(domainEvents.domainName, parsed.ace))
      .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
      .limit(DOMAIN_EVENTS_LIMIT),
    findZoneFacts(db, parsed),
    findSiblingsAndTwins(db, parsed, now),
    findCatchRisk(db, parsed.ace, now),
  ]);
  return {
    ok: true as const,
    detail: {
      domain: row ? { ...toExportRow(row, siteUrl), description: row.status === "premium" ? row.description : null } : null,
      // A name no longer listed keeps its history out of sight, as the page does.
      history: row ? history.map((event) => ({ ...event, at: event.at.toISOString() })) : [],
      zone,
      siblings: [related.sibling],
      twins: related.twins,
      catchRisk: catchRisk ? apiCatchRisk(catchRisk) : null,
    },
  };
}
