// The release morning through the server's front (server/app.ts): the release
// guard and the page micro-cache around the Express bridge, then the real
// loaders on a real database, with the clock set to either side of 04:00 UTC.
// React Router's rendering is stood in for by the loader's data as the page
// body (text/html, so the micro-cache keeps it as it keeps a rendered page).
import express from "express";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { forgetMarkedReleasedForTests, markReleasedBeforeReading } from "~/server/domains/mark-released.server";
import { answerThroughHttpCache } from "~/server/cache/http-cache.server";
import { expressHandler } from "~/server/http/react-router-handler.server";
import { appContext } from "~/server/app-context.server";
import { getHandle, getServices } from "~/server/services.server";
import { loader as sitemapPageLoader } from "~/routes/seo/sitemap-page";
import { createDomains } from "~tests/factories/domains";
import { TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { servePagesForTests } from "~tests/support/serve-pages";
import { loader as availableLoader } from "./available";
import { loader as domainLoader } from "./domain-detail";
import { loader as homeLoader } from "./home";
import { loader as searchLoader } from "./search";
import { loader as soonLoader } from "./soon-available";

type Loader = (args: never) => unknown;
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** The loader's answer as React Router's handler would give it, behind the page cache. */
function serve(loader: Loader): express.RequestHandler {
  return (request, response, next) =>
    expressHandler((fetchRequest) => answer(loader, fetchRequest, request.params), { pageCache: answerThroughHttpCache })(request, response, next);
}

async function answer(loader: Loader, request: Request, params: express.Request["params"]): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const value = await loader({ request: new Request(new URL(pathname + search, TEST_SITE_URL)), params, context: appContext(getServices) } as never);
  if (value instanceof Response) return value;
  const isData = typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";
  const status = isData ? ((value as DataWithInit).init?.status ?? 200) : 200;
  return new Response(JSON.stringify(isData ? (value as DataWithInit).data : value), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

const app = express();
app.set("etag", false);
app.use(markReleasedBeforeReading(getHandle));
app.get("/", serve(homeLoader));
app.get("/soon-available", serve(soonLoader));
app.get("/available", serve(availableLoader));
app.get("/search/:query", serve(searchLoader));
app.get("/d/:domainName", serve(domainLoader));
app.get("/sitemaps/:file", serve(sitemapPageLoader));

const base = servePagesForTests(app);
beforeEach(() => forgetMarkedReleasedForTests());
afterEach(() => {
  vi.useRealTimers();
});

type Card = { unicodeName: string; status: string };
type Page = { domains: Card[]; total: { count: number; more: boolean } | null };
type Home = { sections: Record<string, { ok: boolean; value: Card[] }> };

async function get(path: string) {
  const response = await fetch(`${base()}${path}`);
  expect(response.status, path).toBe(200);
  return response;
}
const json = async <T>(path: string): Promise<T> => (await get(path)).json() as Promise<T>;
const names = (cards: Card[]) => cards.map((card) => card.unicodeName).sort();

const TODAY = "2030-05-10";

describeEachEngine("the release morning through the server's front", ({ handle }) => {
  it("from 04:00 UTC today's names are released on every list, count, section, search, sitemap and page, even the cached ones", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [
      { name: "idag.se", status: "soonavailable", releaseDate: TODAY },
      { name: "idag-ocksa.nu", status: "soonavailable", releaseDate: TODAY },
      { name: "imorgon.se", status: "soonavailable", releaseDate: "2030-05-11" },
      { name: "igar.se", status: "available", releaseDate: "2030-05-09" },
    ]);
    vi.useFakeTimers({ toFake: ["Date"] });

    // 03:59:59: today's names are still to come, and these pages land in the micro-cache.
    vi.setSystemTime(new Date(`${TODAY}T03:59:59.000Z`));
    const soonBefore = await json<Page>("/soon-available");
    expect(names(soonBefore.domains)).toEqual(["idag-ocksa.nu", "idag.se", "imorgon.se"]);
    expect(soonBefore.total?.count).toBe(3);
    expect(names((await json<Home>("/")).sections.soonAvailable.value)).toEqual(["idag-ocksa.nu", "idag.se", "imorgon.se"]);
    expect((await json<Page>("/available")).total?.count).toBe(1);
    const sitemapBefore = await get("/sitemaps/domains-1.xml");
    expect(sitemapBefore.headers.get("cache-control")).toBe("public, max-age=1");
    await sitemapBefore.text();

    // Half a second after 04:00, well inside the micro-cache's few seconds.
    vi.setSystemTime(new Date(`${TODAY}T04:00:00.500Z`));
    const soon = await get("/soon-available");
    expect(soon.headers.get("x-cache")).toBe("MISS");
    const soonAfter = (await soon.json()) as Page;
    expect(names(soonAfter.domains)).toEqual(["imorgon.se"]);
    expect(soonAfter.total?.count).toBe(1);
    expect((await json<Page>("/soon-available?q=idag")).domains).toEqual([]);

    // Released, but no availability answer has covered them yet: not listed as free until a check says so.
    const available = await json<Page>("/available");
    expect(names(available.domains)).toEqual(["igar.se"]);
    expect(available.total?.count).toBe(1);
    // The totals stay exact: every name counted once, in the list it is shown in.
    const stored = await handle().query<{ status: string; n: number }>(
      "select status, count(*)::int as n from domains group by status order by status",
    );
    expect(stored).toEqual([
      { status: "available", n: 3 },
      { status: "soonavailable", n: 1 },
    ]);

    const home = await json<Home>("/");
    expect(names(home.sections.soonAvailable.value)).toEqual(["imorgon.se"]);
    expect(names(home.sections.available.value)).toEqual(["igar.se"]);

    const search = await json<Page>("/search/idag");
    expect(search.domains.map((card) => [card.unicodeName, card.status]).sort()).toEqual([
      ["idag-ocksa.nu", "available"],
      ["idag.se", "available"],
    ]);

    const page = await json<{ status: string; beingReleased: boolean; events: { type: string }[] }>("/d/idag.se");
    expect(page).toMatchObject({ status: "available", beingReleased: true });
    expect(page.events.map((event) => event.type)).toContain("released");

    const sitemap = await (await get("/sitemaps/domains-1.xml")).text();
    expect(sitemap).toContain(`<loc>${TEST_SITE_URL}/d/idag.se</loc><lastmod>${TODAY}</lastmod>`);
  });
});
