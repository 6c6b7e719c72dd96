import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { MAX_SAVED_SEARCHES } from "~/domain/saved-searches";
import { NO_FILTERS } from "~/domain/public-filters";
import { domains, savedSearches, savedSearchShownNames, user } from "~/server/db/schema/index.server";
import { action } from "./saved-searches";
import { loader as feedLoader } from "~/routes/feeds/saved-search-feed";
import { importReleaseList, type ImportRequest } from "~/server/imports/release-list/import-release-list.server";
import { createDomains } from "~tests/factories/domains";
import { jsonList } from "~tests/factories/imports";
import { appContextForTests, createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import {
  countSavedSearch,
  deleteSavedSearch,
  findSavedSearchByToken,
  listSavedSearches,
  renewSavedSearchToken,
  saveSearch,
} from "~/server/saved-searches/saved-searches.server";
import { showSavedSearchNames, visitSavedSearch } from "~/server/saved-searches/saved-search-visits.server";

async function feed(file: string, headers: Record<string, string> = {}) {
  return (await feedLoader({
    request: siteRequest(`/feeds/saved/${file}`, { headers }),
    params: { file },
    context: appContextForTests(),
  } as never)) as Response;
}
const entryTitles = (atom: string) => [...atom.matchAll(/<entry>[\s\S]*?<title[^>]*>(?:<!\[CDATA\[)?([^<\]]+)/g)].map((match) => match[1]);

describeEachEngine("saved searches", ({ handle }) => {
  const db = () => handle().db;
  const saved = async (userId: string, name: string, list: string, search: string) => {
    const result = await saveSearch(db(), userId, { name, list, search });
    if (!result.ok) throw new Error(`not saved: ${result.reason}`);
    return result.search;
  };

  it("keeps the view's filters and sort in the site's order, without its page, and does not double a view saved again", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const first = await saved(
      anna.id,
      "Korta",
      "soon-available",
      "sort=name-asc&max=4&tld=se&after=abc&sidor=3&sparad=x&bogus=1&featured=0&slapps=vecka",
    );
    expect(first.query).toBe("tld=se&max=4&slapps=vecka&featured=0&sort=name-asc");
    // A filter another list does not offer is not kept: "released since" belongs to the available list. The default sort is left out.
    expect((await saved(anna.id, "Premium", "premium", "sedan=2026-01-01&min=3&sort=relevance")).query).toBe("min=3");
    const again = await saved(anna.id, "Korta .se", "soon-available", "?slapps=vecka&sort=name-asc&featured=0&tld=se&max=4");
    expect(again.id).toBe(first.id);
    // Another order of the same names is a view of its own.
    expect((await saved(anna.id, "Korta efter poäng", "soon-available", "?slapps=vecka&featured=0&tld=se&max=4&sort=score-desc")).id).not.toBe(
      first.id,
    );
    await deleteSavedSearch(db(), anna.id, (await listSavedSearches(db(), anna.id))[2].id);
    expect((await listSavedSearches(db(), anna.id)).map((search) => search.name)).toEqual(["Korta .se", "Premium"]);
    expect(await saveSearch(db(), anna.id, { name: "x", list: "registered", search: "" })).toEqual({ ok: false, reason: "unknown-list" });
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user`, async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });
    for (let length = 1; length <= MAX_SAVED_SEARCHES; length++)
      await saved(anna.id, `${length} tecken`, "available", `min=${length}&max=${length}`);
    expect(await saveSearch(db(), anna.id, { name: "En för mycket", list: "available", search: "min=30" })).toEqual({
      ok: false,
      reason: "too-many",
    });
    // The same view again is a rename, not a new one; another user has their own twenty.
    expect((await saveSearch(db(), anna.id, { name: "Ett tecken", list: "available", search: "min=1&max=1" })).ok).toBe(true);
    expect((await saveSearch(db(), bo.id, { name: "Mitt", list: "available", search: "min=30" })).ok).toBe(true);
    expect(await listSavedSearches(db(), anna.id)).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it("counts the view's matches and the names an import brought into it since it was last opened", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const list = (names: string[]): ImportRequest => ({
      source: { kind: "bytes", bytes: jsonList(names.map((name) => ({ name, release_at: "2099-01-05" }))), fileName: "list.json" },
      trigger: "upload",
      tld: ".se",
    });
    await importReleaseList(handle(), list(["bil.se", "xn--bt-yia.se", "bilar.se"]), { now: new Date("2020-01-01T00:00:00Z") });
    const search = await saved(anna.id, "Tre tecken .se", "soon-available", "tld=se&max=3");
    expect(await countSavedSearch(db(), search)).toEqual({ matches: { count: 2, more: false }, fresh: { count: 0, more: false } });

    // The next night's list brings a matching name (and one that does not match); the others are unchanged.
    await importReleaseList(handle(), list(["bil.se", "xn--bt-yia.se", "bilar.se", "ek.se", "ekar.se"]), { now: new Date() });
    expect(await countSavedSearch(db(), search)).toEqual({ matches: { count: 3, more: false }, fresh: { count: 1, more: false } });

    // Opening it starts a visit but leaves the name new until the view has shown it; another user cannot open it.
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });
    expect(await visitSavedSearch(db(), bo.id, search.id)).toBeNull();
    const visited = await visitSavedSearch(db(), anna.id, search.id, new Date(Date.now() + 1000));
    expect(visited).not.toBeNull();
    expect(await countSavedSearch(db(), visited!)).toEqual({ matches: { count: 3, more: false }, fresh: { count: 1, more: false } });
  });

  it("marks the names new to a search in the view opened from it, and they stop being new once shown", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });
    const t = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 10, minutes));
    const search = await saved(anna.id, "Korta .se", "soon-available", "tld=se&max=3&sort=name-asc");
    await db().update(savedSearches).set({ lastVisitedAt: t(0), openedAt: t(0) }).where(eq(savedSearches.id, search.id));
    await createDomains(db(), [{ name: "ek.se", updatedAt: t(-5) }, { name: "al.se", updatedAt: t(5) }, { name: "ask.se", updatedAt: t(6) }], {
      status: "soonavailable",
    });
    await createDomains(db(), [{ name: "al.nu", updatedAt: t(5), status: "soonavailable" }]);
    const view = { list: "soon-available" as const, filters: { ...NO_FILTERS, tlds: [".se" as const], lengthMax: 3 }, includeFeatured: true };
    const fresh = async () => (await countSavedSearch(db(), (await listSavedSearches(db(), anna.id))[0], t(60))).fresh.count;
    expect(await fresh()).toBe(2);

    // "Visa sökningen" at 10:10; the first page shows al.se (new) and ek.se (not new); ask.se is further on.
    await visitSavedSearch(db(), anna.id, search.id, t(10));
    expect(await fresh()).toBe(2);
    const shown = await showSavedSearchNames(db(), anna.id, { id: search.id, view }, ["al.se", "ek.se"], t(11));
    expect(shown).toEqual({ id: search.id, name: "Korta .se", newNames: ["al.se"] });
    expect(await fresh()).toBe(1);
    // The same visit keeps its marks (a reload, Back, another order); the next page shows ask.se.
    expect((await showSavedSearchNames(db(), anna.id, { id: search.id, view }, ["al.se", "ek.se"], t(12)))!.newNames).toEqual(["al.se"]);
    expect((await showSavedSearchNames(db(), anna.id, { id: search.id, view }, ["ask.se"], t(13)))!.newNames).toEqual(["ask.se"]);
    expect(await fresh()).toBe(0);

    // Other filters, someone else's search, or a search that is not there: no marks, nothing recorded.
    expect(await showSavedSearchNames(db(), anna.id, { id: search.id, view: { ...view, filters: NO_FILTERS } }, ["al.nu"], t(14))).toBeNull();
    expect(await showSavedSearchNames(db(), bo.id, { id: search.id, view }, ["al.se"], t(14))).toBeNull();
    expect(await showSavedSearchNames(db(), anna.id, { id: "no-such-search", view }, ["al.se"], t(14))).toBeNull();

    // The next visit: the names shown before are not new; a name changed into the view again since is.
    await db().update(domains).set({ updatedAt: t(20) }).where(eq(domains.name, "ask.se"));
    expect(await fresh()).toBe(1);
    const next = await visitSavedSearch(db(), anna.id, search.id, t(30));
    expect(next!.lastVisitedAt).toEqual(t(0));
    expect((await showSavedSearchNames(db(), anna.id, { id: search.id, view }, ["al.se", "ask.se", "ek.se"], t(31)))!.newNames).toEqual([
      "ask.se",
    ]);
    expect(await fresh()).toBe(0);
    // With every new name shown, the visit after starts from its own time and forgets what was shown.
    const third = await visitSavedSearch(db(), anna.id, search.id, t(40));
    expect(third!.lastVisitedAt).toEqual(t(40));
    expect(await db().select().from(savedSearchShownNames)).toEqual([]);
    expect((await showSavedSearchNames(db(), anna.id, { id: search.id, view }, ["al.se", "ask.se"], t(41)))!.newNames).toEqual([]);
  });

  it("has a private Atom feed and iCalendar feed that answer to its token only, until the token is renewed", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    await createDomains(
      db(),
      [
        { name: "bil.se", releaseDate: "2099-01-06", updatedAt: new Date("2030-01-01T10:00:00Z") },
        { name: "båt.se", releaseDate: "2099-01-05", updatedAt: new Date("2030-01-02T10:00:00Z") },
        { name: "bilar.se", releaseDate: "2099-01-05" },
      ],
      { status: "soonavailable" },
    );
    await createDomains(db(), [{ name: "ko.se", status: "available" }]);
    const search = await saved(anna.id, "Tre tecken & <mer>", "soon-available", "max=3");

    const atomResponse = await feed(`${search.feedToken}.atom`);
    expect(atomResponse.status).toBe(200);
    expect(atomResponse.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(atomResponse.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(atomResponse.headers.get("x-robots-tag")).toBe("noindex");
    const atom = await atomResponse.text();
    expect(entryTitles(atom)).toEqual(["båt.se", "bil.se"]);
    // The search's name is the feed's title, escaped.
    expect(atom).toMatch(/<title[^>]*>(?:<!\[CDATA\[)?Tre tecken &(?:amp;)? <mer>|Tre tecken &amp; &lt;mer&gt;/);
    const etag = atomResponse.headers.get("etag")!;
    expect((await feed(`${search.feedToken}.atom`, { "if-none-match": etag })).status).toBe(304);

    const icsResponse = await feed(`${search.feedToken}.ics`);
    expect(icsResponse.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await icsResponse.text()));
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    expect(events.map((event) => [event.summary, event.startDate.toJSDate().toISOString()])).toEqual([
      ["båt.se släpps", "2099-01-05T04:00:00.000Z"],
      ["bil.se släpps", "2099-01-06T04:00:00.000Z"],
    ]);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toContain("Tre tecken & <mer>");

    const oldToken = search.feedToken;
    expect(await renewSavedSearchToken(db(), anna.id, search.id)).toBe(true);
    expect((await feed(`${oldToken}.atom`)).status).toBe(404);
    expect((await feed(`${oldToken}.ics`)).status).toBe(404);
    const renewed = (await listSavedSearches(db(), anna.id))[0];
    expect((await feed(`${renewed.feedToken}.ics`)).status).toBe(200);

    // Nothing else is a feed: garbage, another extension, a suspended owner's token, a deleted search's.
    for (const file of ["x.atom", `${renewed.feedToken}.rss`, `${"A".repeat(43)}.atom`, `../${renewed.feedToken}.atom`])
      expect((await feed(file)).status).toBe(404);
    await db().update(user).set({ banned: true }).where(eq(user.id, anna.id));
    expect((await feed(`${renewed.feedToken}.atom`)).status).toBe(404);
    await db().update(user).set({ banned: false }).where(eq(user.id, anna.id));
    expect(await deleteSavedSearch(db(), anna.id, search.id)).toBe(true);
    expect(await findSavedSearchByToken(db(), renewed.feedToken)).toBeNull();
  });

  it("POST /account/searches saves, opens, renews and deletes the caller's own searches only", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });
    const post = (form: Record<string, string>, cookie?: string) =>
      callRoute(action as never, siteRequest("/account/searches", { form, cookie }));

    expect((await post({ intent: "save", list: "available", view: "min=4", name: "Fyra" })).status).toBe(401);
    const save = await post(
      { intent: "save", list: "available", view: "max=4&min=4&sort=name-asc", name: "  Fyra\ttecken\n" },
      anna.cookie,
    );
    expect(save.status).toBe(302);
    expect(save.location).toBe("/available?min=4&max=4&sort=name-asc");
    // No name typed: the view's own description.
    await post({ intent: "save", list: "soon-available", view: "tld=nu", name: "" }, anna.cookie);
    const [fyra, nu] = await listSavedSearches(db(), anna.id);
    expect([fyra.name, nu.name]).toEqual(["Fyra tecken", "Snart lediga domäner: Endast .nu"]);
    expect((await post({ intent: "save", list: "registered", view: "", name: "x" }, anna.cookie)).status).toBe(400);

    // Bo can neither open, renew nor delete Anna's.
    const before = await db().select().from(savedSearches).orderBy(savedSearches.createdAt);
    for (const intent of ["open", "new-token", "delete"]) await post({ intent, id: fyra.id }, bo.cookie);
    expect(await db().select().from(savedSearches).orderBy(savedSearches.createdAt)).toEqual(before);

    const longAgo = new Date("2020-01-01T00:00:00Z");
    await db().update(savedSearches).set({ lastVisitedAt: longAgo }).where(eq(savedSearches.id, fyra.id));
    const opened = await post({ intent: "open", id: fyra.id }, anna.cookie);
    // The view opens marking the names new to the search; with none new, the next visit starts from now.
    expect(opened.location).toBe(`/available?min=4&max=4&sort=name-asc&sparad=${fyra.id}`);
    expect((await listSavedSearches(db(), anna.id))[0].lastVisitedAt.getTime()).toBeGreaterThan(longAgo.getTime());
    expect((await post({ intent: "new-token", id: fyra.id }, anna.cookie)).location).toBe("/account?tab=searches");
    expect((await listSavedSearches(db(), anna.id))[0].feedToken).not.toBe(fyra.feedToken);
    expect((await post({ intent: "delete", id: fyra.id }, anna.cookie)).location).toBe("/account?tab=searches");
    expect((await listSavedSearches(db(), anna.id)).map((search) => search.id)).toEqual([nu.id]);
    expect((await post({ intent: "open", id: fyra.id }, anna.cookie)).location).toBe("/account?tab=searches");
    expect((await post({ intent: "rename", id: nu.id }, anna.cookie)).status).toBe(400);
  });
});
