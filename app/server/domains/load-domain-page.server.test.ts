import { afterEach, expect, it, vi } from "vitest";
import { insertDomain } from "~tests/factories/domain-detail";
import { describeEachEngine } from "~tests/setup/test-db";
import { parseDomainName } from "~/domain/names";
import { domainEvents } from "~/server/db/schema/index.server";
import * as events from "./events.server";
import * as detail from "./detail.server";
import { loadDomainPage, loadSimilarDomains } from "./load-domain-page.server";

// The real queries, watched: a test can make one wait for another to start.
vi.mock("./events.server", async (original) => {
  const real = await original<typeof import("./events.server")>();
  return { ...real, findDomainEvents: vi.fn(real.findDomainEvents) };
});
vi.mock("./detail.server", async (original) => {
  const real = await original<typeof import("./detail.server")>();
  return { ...real, getDomainDetail: vi.fn(real.getDomainDetail) };
});

afterEach(() => {
  vi.mocked(detail.getDomainDetail).mockClear();
  vi.mocked(events.findDomainEvents).mockClear();
});

const parse = (name: string) => {
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(name);
  return parsed;
};
const now = new Date("2029-06-01T12:00:00Z");

describeEachEngine("loadDomainPage", ({ handle }) => {
  it("shows a known name with its history and effective status, and leaves the similar names to their own read", async () => {
    const { db } = handle();
    await insertDomain(db, "hund.se", { releaseDate: "2029-05-01" });
    await insertDomain(db, "hundar.se");
    await db.insert(domainEvents).values({ domainName: "hund.se", type: "imported", toStatus: "soonavailable" });

    const page = await loadDomainPage(db, parse("hund.se"), { userId: null, now });

    expect(page.domain).not.toBeNull();
    expect(page.status).toBe("available"); // released before `now`
    expect(page.events.map((event) => event.type)).toEqual(["imported"]);
    expect(page.bookmarkedNames).toEqual([]);
    expect(page).not.toHaveProperty("similar");
    expect((await loadSimilarDomains(db, parse("hund.se"), { userId: null })).similar.map((domain) => domain.name)).toContain("hundar.se");
  });

  it.each([
    // stored status, release date, last seen free, now → "släpps under morgonen"
    ["available", "2030-05-10", null, "2030-05-10T08:00:00Z", true],
    ["available", "2030-05-10", "2030-05-10T04:30:00Z", "2030-05-10T08:00:00Z", false],
    ["available", "2030-05-10", "2030-05-09T10:00:00Z", "2030-05-10T08:00:00Z", true],
    ["available", "2030-05-10", null, "2030-05-10T11:59:59Z", true],
    ["available", "2030-05-10", null, "2030-05-10T12:00:00Z", false],
    ["available", "2030-05-09", null, "2030-05-10T08:00:00Z", false],
    // Released but not yet updated in the database: shown as released, with the hint.
    ["soonavailable", "2030-05-10", null, "2030-05-10T04:00:30Z", true],
    ["soonavailable", "2030-05-11", null, "2030-05-10T08:00:00Z", false],
    ["registered", "2030-05-10", null, "2030-05-10T08:00:00Z", false],
  ] as const)("a %s name released %s, seen free %s, at %s: being released %s", async (status, releaseDate, seenFree, at, expected) => {
    const { db } = handle();
    await insertDomain(db, "morgon.se", { status, releaseDate, lastCheckedAt: seenFree ? new Date(seenFree) : null });
    const page = await loadDomainPage(db, parse("morgon.se"), { userId: null, now: new Date(at) });
    expect(page.beingReleased).toBe(expected);
    expect(page.domain).not.toHaveProperty("lastCheckedAt");
  });

  it("gives the administrator's description of a name of any status", async () => {
    const { db } = handle();
    await insertDomain(db, "hund.se", { status: "available", isFeatured: true, description: "Kort och lätt.\nUtvald." });
    await insertDomain(db, "katt.nu", { status: "registered", description: "Tagen igen." });
    expect((await loadDomainPage(db, parse("hund.se"), { userId: null, now })).domain?.description).toBe("Kort och lätt.\nUtvald.");
    expect((await loadDomainPage(db, parse("katt.nu"), { userId: null, now })).domain?.description).toBe("Tagen igen.");
  });

  it("gives an unknown name a page without history", async () => {
    const { db } = handle();
    await db.insert(domainEvents).values({ domainName: "borta.se", type: "deleted" });
    const page = await loadDomainPage(db, parse("borta.se"), { userId: null, now });
    expect(page).toMatchObject({ domain: null, status: "unknown", events: [] });
  });

  it("asks for the history without waiting for the name's row (no query waterfall)", async () => {
    const { db } = handle();
    await insertDomain(db, "katt.se");
    let historyAsked!: () => void;
    const historyStarted = new Promise<void>((resolve) => (historyAsked = resolve));
    vi.mocked(events.findDomainEvents).mockImplementationOnce(async (...args) => {
      historyAsked();
      return (await vi.importActual<typeof events>("./events.server")).findDomainEvents(...args);
    });
    // The row's query finishes only once the history has been asked for: a loader
    // that waited for the row before asking would never finish.
    vi.mocked(detail.getDomainDetail).mockImplementationOnce(async (...args) => {
      await historyStarted;
      return (await vi.importActual<typeof detail>("./detail.server")).getDomainDetail(...args);
    });
    const timeout = new Promise<"waterfall">((resolve) => setTimeout(() => resolve("waterfall"), 5_000));

    const page = await Promise.race([loadDomainPage(db, parse("katt.se"), { userId: null, now }), timeout]);

    expect(page).not.toBe("waterfall");
    expect(detail.getDomainDetail).toHaveBeenCalledTimes(1);
  });
  it("tells in its history every listing, release, first free answer and catch the page states, in order, also without recorded events", async () => {
    const { db } = handle();
    // As the demo data stores a release: the outcome, no events ("Blev ledig kl. 04:15 UTC (06:15 svensk tid)" on the page, an empty history before).
    await insertDomain(db, "fagel.se", { status: "registered", releaseDate: "2029-05-27" });
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
       values ('fagel.se', '2029-05-27', '.se', 5, 1, '2029-04-20', '2029-05-27T04:00Z', '2029-05-27T04:15Z', '2029-05-27T04:15Z', '2029-05-27T04:40Z')`,
    );
    const page = await loadDomainPage(db, parse("fagel.se"), { userId: null, now });
    expect(page.events.map((event) => [event.type, event.createdAt])).toEqual([
      ["taken", "2029-05-27T04:40:00.000Z"],
      ["seen-free", "2029-05-27T04:15:00.000Z"],
      ["released", "2029-05-27T04:00:00.000Z"],
      ["imported", "2029-04-20T00:00:00.000Z"],
    ]);
  });

  it("does not tell a fact twice when its writer recorded it, and tells each release of a name listed again", async () => {
    const { db } = handle();
    await insertDomain(db, "igen.se", { status: "soonavailable", releaseDate: "2029-07-01" });
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
       values ('igen.se', '2029-03-01', '.se', 4, 1, '2029-02-01', '2029-03-01T04:00:05Z', null, null, '2029-03-02T10:00Z'),
              ('igen.se', '2029-07-01', '.se', 4, 1, '2029-05-20', null, null, null, null)`,
    );
    await db.insert(domainEvents).values([
      { domainName: "igen.se", type: "imported", toStatus: "soonavailable", createdAt: new Date("2029-02-01T02:00:00Z") },
      {
        domainName: "igen.se",
        type: "released",
        fromStatus: "soonavailable",
        toStatus: "available",
        createdAt: new Date("2029-03-01T04:00:05Z"),
      },
      {
        domainName: "igen.se",
        type: "status-changed",
        fromStatus: "registered",
        toStatus: "soonavailable",
        createdAt: new Date("2029-05-20T02:00:00Z"),
      },
    ]);
    const page = await loadDomainPage(db, parse("igen.se"), { userId: null, now });
    expect(page.events.map((event) => [event.type, event.createdAt.slice(0, 10)])).toEqual([
      ["status-changed", "2029-05-20"],
      ["taken", "2029-03-02"],
      ["released", "2029-03-01"],
      ["imported", "2029-02-01"],
    ]);
  });
});
