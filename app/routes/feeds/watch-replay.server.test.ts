import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { loader as calendarLoader } from "~/routes/api/calendar";
import { loader as watchFeedLoader } from "./watch-feed";
import { addNameServerOperator } from "~/server/zone/operator-table.server";
import { FILLERS, LOOPIA, registryReplay } from "~/server/zone/zone-replay.test-support";
import { bookmarks, user } from "~/server/db/schema/index.server";
import { createWatchFeed, revokeWatchFeed } from "~/server/watch-feed/watch-feed-token.server";
import { createCalendarFeed } from "~/server/bookmarks/calendar-feed.server";
import { appContextForTests, createSignedInUser, siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";

// A watched registered name's life through the real pipelines (zone-replay.test-support.ts), and
// after each step what reaches the account's feeds: the watch list's Atom feed through its route,
// parsed by a real XML parser (xml-js over sax in strict mode: a document that is not well-formed
// throws), and the calendar through its route, read by ical.js.
//
//   day 1  03:00 zone: räksmörgås.se on Loopia's name servers (operator A); Anna watches it at 10:00
//   day 2  03:00 zone: gone                       → "Borta ur zonen"
//   day 3  03:00 zone: back on Loopia             → "Förnyad" (Loopia)
//   day 4  03:00 zone: gone again                 → "Borta ur zonen"
//   day 5  02:00 the .se list names it for day 8  → "Släpps snart" (8 juni), and the calendar's release morning
//   day 8  04:00 release job, 04:30 check free    → "Släppt och ledig"; the calendar's event is gone
//          05:10 check: taken; 07:00 zone: on Bolaget B's (operator B) → "Tagen igen" at 05:10, operator B

const NAME = "xn--rksmrgs-5wao1o.se";
const UNICODE = "räksmörgås.se";
const OPERATOR_B = ["ns1.bolaget-b.se", "ns2.bolaget-b.se"];
const DAY = (day: number, time: string) => new Date(`2030-06-0${day}T${time}:00.000Z`);

type AtomEntry = { id: string; title: string; updated: string; content: string; link: string };

/** The feed as a reader sees it; sax (strict) refuses anything that is not well-formed XML. */
function parseAtom(xml: string): { updated: string; entries: AtomEntry[] } {
  const document = xml2js(xml, { compact: false }) as Element;
  const feed = document.elements?.find((element) => element.name === "feed");
  if (!feed || feed.attributes?.xmlns !== "http://www.w3.org/2005/Atom") throw new Error("not an Atom feed");
  const text = (element: Element | undefined) =>
    (element?.elements ?? []).map((child) => String(child.text ?? child.cdata ?? "")).join("");
  const child = (parent: Element, name: string) => parent.elements?.find((element) => element.name === name);
  return {
    updated: text(child(feed, "updated")),
    entries: (feed.elements ?? [])
      .filter((element) => element.name === "entry")
      .map((entry) => ({
        id: text(child(entry, "id")),
        title: text(child(entry, "title")),
        updated: text(child(entry, "updated")),
        content: text(child(entry, "content")),
        link: String(child(entry, "link")?.attributes?.href ?? ""),
      })),
  };
}

async function get(loader: (args: never) => unknown, path: string, file: string) {
  return (await loader({ request: siteRequest(path), params: { file }, context: appContextForTests() } as never)) as Response;
}
const watchFeed = (token: string) => get(watchFeedLoader as never, `/feeds/watch/${token}.atom`, `${token}.atom`);
async function watchEntries(token: string) {
  const response = await watchFeed(token);
  expect(response.status).toBe(200);
  return parseAtom(await response.text());
}
async function releaseMornings(token: string) {
  const response = await get(calendarLoader as never, `/calendar/${token}.ics`, `${token}.ics`);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toJSDate().toISOString() };
  });
}

describeEachEngine("a watched name's life reaches the watch list's feed and the calendar", ({ handle }) => {
  const replay = registryReplay(handle);
  const db = () => handle().db;

  it("gone, renewed, gone, listed, released and taken by another operator: one entry each, with its time, and the release morning in the calendar", async () => {
    await useAppAuthForTests(handle());
    // Loopia is in the operators' table of the migrations; operator B, added in the backoffice, has a
    // hostile-looking name: the operator's name, the one text from outside, must be escaped.
    expect(await addNameServerOperator(db(), { pattern: "bolaget-b.se", operator: 'Bolaget B <b>"&</b>', kind: "registrar_host" })).toMatchObject({
      ok: true,
    });
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });

    await replay.zoneImport({ ...FILLERS, [NAME]: LOOPIA }, DAY(1, "03:00"));
    await db().insert(bookmarks).values([
      { userId: anna.id, domainName: NAME, createdAt: DAY(1, "10:00") },
      { userId: bo.id, domainName: "fyll-1.se", createdAt: DAY(1, "10:00") },
    ]);
    const annaFeed = (await createWatchFeed(db(), anna.id)).token;
    const annaCalendar = (await createCalendarFeed(db(), anna.id)).token;
    const boFeed = (await createWatchFeed(db(), bo.id)).token;

    // Watched while registered: nothing has changed yet.
    expect(await watchEntries(annaFeed)).toEqual({ updated: new Date(0).toISOString(), entries: [] });

    const newest = async () => (await watchEntries(annaFeed)).entries[0];
    const expectNewest = async (title: string, at: Date, facts: string[]) => {
      const feed = await watchEntries(annaFeed);
      expect(feed.updated).toBe(at.toISOString());
      expect(feed.entries[0]).toMatchObject({ title, updated: at.toISOString(), link: `${TEST_SITE_URL}/d/${encodeURIComponent(UNICODE)}` });
      for (const fact of facts) expect(feed.entries[0].content).toContain(fact);
      return feed.entries;
    };

    // Day 2: it leaves the zone.
    await replay.zoneImport(FILLERS, DAY(2, "03:00"));
    await expectNewest(`${UNICODE}: Borta ur zonen`, DAY(2, "03:00"), ["Borta ur zonen 2 juni 2030 kl. 05:00 (svensk tid)."]);
    expect((await newest()).id).toBe(`tag:localhost:3000,2026:watch/${NAME}/gone_from_zone/${DAY(2, "03:00").toISOString()}`);

    // Day 3: back on Loopia's name servers before any list named it: renewed.
    await replay.zoneImport({ ...FILLERS, [NAME]: LOOPIA }, DAY(3, "03:00"));
    await expectNewest(`${UNICODE}: Förnyad`, DAY(3, "03:00"), ["Förnyad 3 juni 2030 kl. 05:00 (svensk tid).", "Pekar på namnservrar hos Loopia."]);

    // Day 4: gone again.
    await replay.zoneImport(FILLERS, DAY(4, "03:00"));
    await expectNewest(`${UNICODE}: Borta ur zonen`, DAY(4, "03:00"), ["4 juni 2030 kl. 05:00"]);
    expect(await releaseMornings(annaCalendar)).toEqual([]);

    // Day 5: the registry's list names it for day 8: the feed says so, and the calendar has the release morning.
    expect(await replay.importList([{ name: UNICODE, release_at: "2030-06-08" }], DAY(5, "02:00"))).toMatchObject({ outcome: "succeeded" });
    await expectNewest(`${UNICODE}: Släpps snart`, DAY(5, "02:00"), ["Släpps 8 juni 2030, tidigast kl. 04:00 UTC."]);
    expect(await releaseMornings(annaCalendar)).toEqual([{ summary: `${UNICODE} släpps`, start: DAY(8, "04:00").toISOString() }]);

    // Day 8, 04:00: released; the check at 04:30 finds it free (the same state: no second entry). The morning has passed.
    await replay.release(DAY(8, "04:00"));
    await replay.checkRound(DAY(8, "04:30"), {});
    await expectNewest(`${UNICODE}: Släppt och ledig`, DAY(8, "04:00"), ["Släpptes 8 juni 2030."]);
    expect(await releaseMornings(annaCalendar)).toEqual([]);

    // 05:10 the registry says it is taken; at 07:00 the zone shows it on operator B's name servers.
    await replay.checkRound(DAY(8, "05:10"), { [NAME]: "occupied" });
    await expectNewest(`${UNICODE}: Tagen igen`, DAY(8, "05:10"), ["Tagen igen 8 juni 2030 kl. 07:10 (svensk tid).", "Släpptes 8 juni 2030."]);
    await replay.zoneImport({ ...FILLERS, [NAME]: OPERATOR_B }, DAY(8, "07:00"));
    const xml = await (await watchFeed(annaFeed)).text();
    expect(xml).not.toContain("<b>");
    const entries = await expectNewest(`${UNICODE}: Tagen igen`, DAY(8, "05:10"), [
      "Pekar på namnservrar hos Bolaget B &lt;b&gt;&quot;&amp;&lt;/b&gt;.",
    ]);

    // The whole story, newest first, one entry a change.
    expect(entries.map((entry) => [entry.title.split(": ")[1], entry.updated])).toEqual([
      ["Tagen igen", DAY(8, "05:10").toISOString()],
      ["Släppt och ledig", DAY(8, "04:00").toISOString()],
      ["Släpps snart", DAY(5, "02:00").toISOString()],
      ["Borta ur zonen", DAY(4, "03:00").toISOString()],
      ["Förnyad", DAY(3, "03:00").toISOString()],
      ["Borta ur zonen", DAY(2, "03:00").toISOString()],
    ]);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(6);

    // Bo's feed never shows Anna's names; his own name never changed.
    const boXml = await (await watchFeed(boFeed)).text();
    expect(parseAtom(boXml).entries).toEqual([]);
    expect(boXml).not.toContain(NAME);
    expect(boXml).not.toContain(UNICODE);

    // Revoked: the address answers 404, and a new address works while the old one stays dead.
    await revokeWatchFeed(db(), anna.id);
    expect((await watchFeed(annaFeed)).status).toBe(404);
    const replaced = (await createWatchFeed(db(), anna.id)).token;
    expect((await watchEntries(replaced)).entries).toHaveLength(6);
    expect((await watchFeed(annaFeed)).status).toBe(404);

    // Nothing but the exact address opens it: a token nobody holds, the right token as a calendar, garbage.
    for (const file of [`${"A".repeat(43)}.atom`, `${replaced}.ics`, `${replaced}.atom.atom`, "x.atom"]) {
      const response = (await get(watchFeedLoader as never, `/feeds/watch/${file}`, file)) as Response;
      expect(response.status, file).toBe(404);
    }
    // A suspended account's feed answers 404 while the suspension lasts; its address is kept.
    await db().update(user).set({ banned: true }).where(eq(user.id, anna.id));
    expect((await watchFeed(replaced)).status).toBe(404);
    await db().update(user).set({ banned: false }).where(eq(user.id, anna.id));
    expect((await watchFeed(replaced)).status).toBe(200);
  });
});
