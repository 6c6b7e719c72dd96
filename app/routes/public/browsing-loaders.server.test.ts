import { expect, it } from "vitest";
import { bookmarks } from "~/server/db/schema/index.server";
import { createDomain, createDomains } from "~tests/factories/domains";
import { appContextForTests, createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader as availableLoader } from "./available";
import { loader as featuredLoader } from "./featured";
import { loader as homeLoader } from "./home";
import { loader as premiumLoader } from "./premium";
import { loader as searchLoader } from "./search";
import { loader as soonLoader } from "./soon-available";

type Loaded = { data: Record<string, unknown> & { domains?: { unicodeName: string }[] }; init: ResponseInit | null };

/** Runs a loader; redirects come back as the thrown Response. */
async function load(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}, cookie?: string, headers?: Record<string, string>) {
  try {
    return (await loader({ request: siteRequest(path, { cookie, headers }), params, context: appContextForTests() } as never)) as Loaded;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The lists that take filters, each with its loader. */
const FILTERED_LISTS = [
  [soonLoader, "/soon-available"],
  [availableLoader, "/available"],
  [featuredLoader, "/featured"],
  [premiumLoader, "/premium"],
] as const;

const unicodeNames = (loaded: Loaded | Response) => (loaded as Loaded).data.domains!.map((domain) => domain.unicodeName);

describeEachEngine("public list loaders", ({ handle }) => {
  it("home: the search box's GET form redirects valid input and answers 400 with the message", async () => {
    await useAppAuthForTests(handle());
    const toDomain = (await load(homeLoader, "/?q=%20R%C3%84KSM%C3%96RG%C3%85S.SE%20")) as Response;
    expect(toDomain.status).toBe(302);
    expect(toDomain.headers.get("location")).toBe(`/d/${encodeURIComponent("räksmörgås.se")}`);
    const toSearch = (await load(homeLoader, "/?q=Hund")) as Response;
    expect(toSearch.headers.get("location")).toBe("/search/hund");

    for (const [q, message] of [
      ["a", "Söktermen måste vara minst 2 tecken."],
      ["exempel.com", "Vi stöder endast .se- och .nu-domäner."],
      ["-exempel.se", "Ogiltig domän. Försök igen."],
    ]) {
      const answered = (await load(homeLoader, `/?q=${encodeURIComponent(q)}`)) as Loaded;
      expect(answered.init?.status).toBe(400);
      expect(answered.data.searchError).toBe(message);
    }
  });

  it("home: four sections of at most 8, from the database, with the viewer's bookmarks", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, 10, { status: "available" });
    await createDomains(db, 9, { status: "soonavailable", isFeatured: true });
    await createDomains(db, 2, { status: "premium" });
    const [premium] = await createDomains(db, 1, { status: "premium", score: 100 });
    const user = await createSignedInUser(db);
    await db.insert(bookmarks).values({ userId: user.id, domainName: premium.name });

    const home = (await load(homeLoader, "/", {}, user.cookie)) as Loaded;
    const sections = home.data.sections as Record<string, { ok: boolean; value: { name: string }[] }>;
    expect(Object.fromEntries(Object.entries(sections).map(([key, section]) => [key, section.value.length]))).toEqual({
      featured: 8,
      premium: 3,
      available: 8,
      soonAvailable: 8,
    });
    expect(sections.premium.value[0].name).toBe(premium.name);
    expect(home.data.bookmarks).toEqual({ signedIn: true, names: [premium.name] });
  });

  it("/search: redirects a dotted query naming a stored domain, else searches", async () => {
    await useAppAuthForTests(handle());
    await createDomain(handle().db, { name: "räksmörgås.se", status: "soonavailable" });
    const redirected = (await load(searchLoader, "/search/x", { query: "RÄKSMÖRGÅS.se" })) as Response;
    expect(redirected.headers.get("location")).toBe(`/d/${encodeURIComponent("räksmörgås.se")}`);
    const byAce = (await load(searchLoader, "/search/x", { query: "xn--rksmrgs-5wao1o.se" })) as Response;
    expect(byAce.status).toBe(302);

    expect(unicodeNames(await load(searchLoader, "/search/x", { query: "räksmörgås.nu" }))).toEqual([]);
    expect(unicodeNames(await load(searchLoader, "/search/x", { query: "räk" }))).toEqual(["räksmörgås.se"]);
    const short = (await load(searchLoader, "/search/x", { query: "r" })) as Loaded;
    expect(short.data).toMatchObject({ domains: [], total: { count: 0, more: false }, query: "r", error: null });
  });

  it("/search: at its cap of 50 it counts the true number of matches; under it, the names shown are the count", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [
      ...Array.from({ length: 57 }, (_, index) => ({ name: `hund${index}.se` })),
      ...Array.from({ length: 3 }, (_, index) => ({ name: `katt${index}.nu` })),
    ]);
    const capped = (await load(searchLoader, "/search/x", { query: "hund" })) as Loaded;
    expect(capped.data).toMatchObject({ total: { count: 50, more: false }, matches: { count: 57, more: false } });
    const few = (await load(searchLoader, "/search/x", { query: "katt" })) as Loaded;
    expect(few.data).toMatchObject({ total: { count: 3, more: false }, matches: null });
  });

  it("answers any URL input with 200 and an empty or valid list, never an exception", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, 3);
    for (const query of ["%", "%E0%A4%A", "<script>alert(1)</script>", "a".repeat(5000), "\u0000\u0000", "..", "x.y.z.se", "😀😀"]) {
      const loaded = (await load(searchLoader, "/search/x?sort=%00", { query })) as Loaded;
      expect(loaded.init?.status ?? 200).toBe(200);
      expect((loaded.data.query as string).length).toBeLessThanOrEqual(100);
    }
    for (const [loader, path] of [
      [featuredLoader, "/featured?sort=bogus&page=-1"],
      [availableLoader, "/available?page=99999999999999999999&sort=name-asc"],
      [premiumLoader, "/premium?page=abc"],
      [soonLoader, "/soon-available?sort=x&page=1e9&featured=maybe&q=%25%25"],
      [soonLoader, "/soon-available?after=%00%FF_x&sort=score-desc"],
      [soonLoader, "/soon-available?after=2030-02-31_a.se"],
      [availableLoader, `/available?after=${"9".repeat(5000)}_a.se`],
      [premiumLoader, "/premium?after=_%E0%A4%A"],
    ] as const) {
      const loaded = (await load(loader, path)) as Loaded;
      expect(loaded.init?.status ?? 200, path).toBe(200);
      expect(loaded.data.error, path).toBeNull();
    }
  });

  it("/soon-available: list mode with totals, search mode, featured excluded", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, [{ name: "hundar.se" }, { name: "katter.se", isFeatured: true }, { name: "fisk.nu" }], {
      status: "soonavailable",
    });
    const list = (await load(soonLoader, "/soon-available")) as Loaded;
    expect(list.data).toMatchObject({ total: { count: 3, more: false }, nextCursor: null, after: null });
    const noFeatured = (await load(soonLoader, "/soon-available?featured=0")) as Loaded;
    expect(noFeatured.data.total).toEqual({ count: 2, more: false });
    expect(unicodeNames(noFeatured)).not.toContain("katter.se");
    const search = (await load(soonLoader, "/soon-available?q=HUND")) as Loaded;
    expect(search.data).toMatchObject({ total: null, nextCursor: null });
    expect(unicodeNames(search)).toEqual(["hundar.se"]);
  });

  it("every list filters by the URL's filters, counts what matches and pages within it", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    const soon = (name: string, releaseDate = "2099-01-05") => ({ name, status: "soonavailable" as const, releaseDate });
    await createDomains(db, [soon("bil.se"), soon("bilar.nu"), soon("bil-24.se"), soon("båt.se"), soon("1234.se", "2099-02-01")]);
    await createDomains(db, [
      { name: "hund.se", status: "available", releaseDate: "2099-01-01" },
      { name: "hundar.nu", status: "available", releaseDate: "2020-01-01" },
      { name: "katt.se", status: "premium", score: 90 },
      { name: "kattunge.se", status: "premium", score: 40 },
    ]);
    const filtered = async (loader: (args: never) => unknown, path: string) => {
      const loaded = (await load(loader, path)) as Loaded;
      return { names: unicodeNames(loaded).sort(), total: loaded.data.total, filters: loaded.data.filters ?? (loaded.data.params as Loaded["data"]).filters };
    };

    expect(await filtered(soonLoader, "/soon-available?tld=se&tecken=letters")).toMatchObject({ names: ["bil.se"], total: { count: 1, more: false } });
    expect(await filtered(soonLoader, "/soon-available?tecken=idn")).toMatchObject({ names: ["båt.se"] });
    expect(await filtered(soonLoader, "/soon-available?borjar=bil&utan=-")).toMatchObject({ names: ["bil.se", "bilar.nu"] });
    expect(await filtered(soonLoader, "/soon-available?till=2099-01-31&tecken=nodigits")).toMatchObject({ names: ["bil.se", "bilar.nu", "båt.se"] });
    // The search text and the filters together.
    expect(await filtered(soonLoader, "/soon-available?q=bil&tld=nu")).toMatchObject({ names: ["bilar.nu"] });
    expect(await filtered(availableLoader, "/available?sedan=2098-12-31")).toMatchObject({ names: ["hund.se"], total: { count: 1, more: false } });
    expect(await filtered(availableLoader, "/available?min=6")).toMatchObject({ names: ["hundar.nu"] });
    expect(await filtered(premiumLoader, "/premium?kvalitet=80")).toMatchObject({ names: ["katt.se"], total: { count: 1, more: false } });
    expect(await filtered(featuredLoader, "/featured?slutar=unge")).toMatchObject({ names: ["kattunge.se"], total: { count: 1, more: false } });
    // A list offers only its own date filters: the soon list's dates leave /available unfiltered.
    expect(await filtered(availableLoader, "/available?slapps=idag&fran=2099-01-01")).toMatchObject({ names: ["hund.se", "hundar.nu"], total: { count: 2, more: false } });
  });

  it("sends a GET form's empty filter fields to the view's short address", async () => {
    await useAppAuthForTests(handle());
    for (const [loader, list] of FILTERED_LISTS) {
      const redirected = (await load(loader, `${list}?tld=nu&min=&max=&tecken=letters&borjar=&sort=name-asc`)) as Response;
      expect(redirected.status, list).toBe(302);
      expect(redirected.headers.get("location"), list).toBe(`${list}?tld=nu&tecken=letters&sort=name-asc`);
    }
  });

  it("pages through a filtered list by cursor, never leaving the filter", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, 130, { status: "soonavailable" });
    await createDomains(db, Array.from({ length: 120 }, (_, index) => ({ name: `x${index}.nu` })), { status: "soonavailable" });
    const seen: string[] = [];
    let path = "/soon-available?tld=nu&sort=name-asc";
    for (let page = 0; page < 5 && path; page++) {
      const loaded = (await load(soonLoader, path)) as Loaded;
      seen.push(...unicodeNames(loaded));
      expect(loaded.data.total).toEqual({ count: 120, more: false });
      const cursor = loaded.data.nextCursor as string | null;
      path = cursor ? `/soon-available?tld=nu&sort=name-asc&after=${encodeURIComponent(cursor)}` : "";
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen.every((name) => name.endsWith(".nu"))).toBe(true);
  });

  it("any filter value in the URL gives a page, never an error: unknown, out of range, 10,000 characters, mixed scripts", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [{ name: "bil.se" }, { name: "båt.nu" }], { status: "soonavailable" });
    const long = "å".repeat(10_000);
    for (const query of [
      "tld=com&min=-5&max=abc&tecken=%00&kvalitet=101&slapps=igår&fran=2099-02-30&till=x",
      `borjar=${long}&slutar=${long}&utan=${long}`,
      "borjar=%D0%BCb%E4%BD%A0&slutar=%F0%9F%98%80&utan=%ED%A0%80",
      "min=999999999999&max=0&tld=se&tld=nu&tld=se",
      "borjar=%25&slutar=_&utan=%5C",
      `q=${long}&tld=nu`,
      "q=%D0%BC%D0%B8%E4%BD%A0bil&tecken=idn",
    ]) {
      for (const [loader, list] of FILTERED_LISTS) {
        const loaded = (await load(loader, `${list}?${query}`)) as Loaded;
        expect(loaded.init?.status ?? 200, `${list}?${query.slice(0, 80)}`).toBe(200);
        expect(loaded.data.error, `${list}?${query.slice(0, 80)}`).toBeNull();
      }
      // The search takes the same filters.
      const searched = (await load(searchLoader, `/search/bil?${query}`, { query: "bil" })) as Loaded;
      expect(searched.init?.status ?? 200, `/search/bil?${query.slice(0, 80)}`).toBe(200);
      expect(searched.data.error, `/search/bil?${query.slice(0, 80)}`).toBeNull();
    }
    const unknown = (await load(soonLoader, "/soon-available?tld=com&tecken=emoji&slapps=igår")) as Loaded;
    expect(unicodeNames(unknown).sort()).toEqual(["bil.se", "båt.nu"]);
  });

  it("/soon-available: each page's cursor in ?after= gives the next page, with sort and toggle kept", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, 250, { status: "soonavailable" });
    await createDomains(db, 5, { status: "soonavailable", isFeatured: true });
    const seen: string[] = [];
    let path = "/soon-available?sort=name-desc&featured=0";
    for (const expected of [100, 100, 50]) {
      const loaded = (await load(soonLoader, path)) as Loaded;
      expect(loaded.data.domains!.length).toBe(expected);
      seen.push(...unicodeNames(loaded));
      const next = loaded.data.nextCursor as string | null;
      if (expected === 50) expect(next).toBeNull();
      else path = `/soon-available?sort=name-desc&featured=0&after=${encodeURIComponent(next!)}`;
    }
    expect(new Set(seen).size).toBe(250);
  });

  it("on a phone (its user agent) a list's pages hold 24 cards, each cursor giving the next 24", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, 30, { status: "soonavailable" });
    await createDomains(db, 30, { status: "available", isFeatured: true });
    await createDomains(db, 30, { status: "premium" });
    const phone = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" };
    for (const [loader, path] of FILTERED_LISTS) {
      // Elsewhere a page holds 100: every name of the list at once.
      const desktop = (await load(loader, path)) as Loaded;
      const all = unicodeNames(desktop);
      expect(all.length, path).toBeGreaterThan(24);
      expect(all.length, path).toBeLessThanOrEqual(100);
      const phonePages: string[][] = [];
      for (let next: string = path; ; ) {
        const page = (await load(loader, next, {}, undefined, phone)) as Loaded;
        phonePages.push(unicodeNames(page));
        const cursor = page.data.nextCursor as string | null;
        if (cursor === null) break;
        next = `${path}?after=${encodeURIComponent(cursor)}`;
      }
      expect(phonePages.slice(0, -1).map((names) => names.length), path).toEqual(phonePages.slice(0, -1).map(() => 24));
      expect(phonePages.at(-1)!.length, path).toBeLessThanOrEqual(24);
      expect(phonePages.flat(), path).toEqual(all);
    }
  });

  it("the table layout (?vy=tabell) pages 500 rows, on a phone too, and keeps the layout; the search stays at 50", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, 510, { status: "soonavailable" });
    await createDomains(db, 510, { status: "available", isFeatured: true });
    await createDomains(db, 505, { status: "premium" });
    const phone = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" };
    for (const [loader, path] of FILTERED_LISTS) {
      const first = (await load(loader, `${path}?vy=tabell`, {}, undefined, phone)) as Loaded;
      expect(unicodeNames(first).length, path).toBe(500);
      expect(first.data.nextCursor, path).not.toBeNull();
      const second = (await load(loader, `${path}?vy=tabell&after=${encodeURIComponent(first.data.nextCursor as string)}`)) as Loaded;
      expect(unicodeNames(second).length, path).toBeGreaterThan(0);
      expect(unicodeNames(second).length, path).toBeLessThanOrEqual(500);
      expect(new Set([...unicodeNames(first), ...unicodeNames(second)]).size, path).toBe(unicodeNames(first).length + unicodeNames(second).length);
    }
    const search = (await load(searchLoader, "/search/a?vy=tabell", { query: "a" })) as Loaded;
    expect(unicodeNames(search).length).toBeLessThanOrEqual(50);
    expect(search.data.layout).toBe("tabell");
  });

  it("a list that cannot be read shows its Swedish message (docs/product.md, 'The texts that matter') instead of failing the page", async () => {
    await useAppAuthForTests(handle());
    // Every list query now fails the way a broken database would.
    await handle().query("alter table domains rename to domains_gone");
    const soon = (await load(soonLoader, "/soon-available")) as Loaded;
    expect(soon.init?.status).toBe(503);
    expect(soon.data).toMatchObject({ error: "Kunde inte hämta snart tillgängliga domäner. Försök igen senare.", domains: [] });
    const more = (await load(featuredLoader, "/featured?after=50_hund.se")) as Loaded;
    expect(more.data.error).toBe("Kunde inte hämta fler domäner. Försök igen senare.");
    const search = (await load(searchLoader, "/search/hund", { query: "hund" })) as Loaded;
    expect(search.data.error).toBe("Kunde inte hämta domäner. Försök igen senare.");
    const soonSearch = (await load(soonLoader, "/soon-available?q=hund")) as Loaded;
    expect(soonSearch.data.error).toBe("Kunde inte söka efter domäner. Försök igen senare.");
    const premium = (await load(premiumLoader, "/premium")) as Loaded;
    expect(premium.data.error).toBe("Kunde inte hämta premiumdomäner. Försök igen senare.");
    const home = (await load(homeLoader, "/")) as Loaded;
    expect(home.init?.status).toBe(200);
    expect((home.data.sections as Record<string, { error: string }>).available.error).toBe(
      "Kunde inte hämta tillgängliga domäner. Försök igen senare.",
    );
  });
});
