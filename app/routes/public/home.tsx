import { data, redirect } from "react-router";
import { ContentLink } from "~/components/content-page";
import { HomeExplainer } from "~/components/home-explainer";
import { HomeSearchBox } from "~/components/home-search-box";
import { HomeSection } from "~/components/home-section";
import { validateSearchInput } from "~/domain/search-input";
import { LIST_ERRORS } from "~/lib/list-errors";
import { HOME_SECTION_SIZE } from "~/lib/listing-params";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { cachedDomainQuery } from "~/server/cache/domain-cache.server";
import {
  findFeatured,
  findListViewer,
  findPremium,
  findRandomAvailable,
  findSoonAvailable,
  findViewerBookmarks,
  tryList,
} from "~/server/domains/lists.server";
import { databaseOf } from "~/server/app-context.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Snart lediga .se- och .nu-domäner",
    description: "Hitta .se- och .nu-domäner som snart blir lediga, lediga domäner och premiumdomäner. Bevaka namnen du vill ha.",
    path: "/",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  // The search box's GET form lands here when JavaScript has not loaded (docs/product.md, "Searching names").
  const q = new URL(request.url).searchParams.get("q");
  const search = q === null ? { kind: "ignore" as const } : validateSearchInput(q.slice(0, 400));
  if (search.kind === "domain") throw redirect(`/d/${encodeURIComponent(search.name)}`);
  if (search.kind === "term") throw redirect(`/search/${encodeURIComponent(search.term)}`);

  const db = await databaseOf(context);
  const size = HOME_SECTION_SIZE;
  // The sections are the same for everybody: reused for 30 s, dropped when domains change (app/server/cache).
  // Their cards show no siblings' or twins' marks (`families: false`): the lists' cards do.
  const cached = <T,>(key: string, load: () => Promise<T>) => cachedDomainQuery(db, `home:${key}`, load);
  const [viewer, featured, premium, available, soonAvailable] = await Promise.all([
    findListViewer(request),
    tryList({ list: "featured", page: "/" }, LIST_ERRORS.featured, () =>
      cached("featured", async () => (await findFeatured(db, { pageSize: size, families: false })).domains),
    ),
    tryList({ list: "premium", page: "/" }, LIST_ERRORS.premium, () =>
      cached("premium", async () => (await findPremium(db, { pageSize: size, families: false })).domains),
    ),
    tryList({ list: "available", page: "/" }, LIST_ERRORS.available, () =>
      cached("available", () => findRandomAvailable(db, { count: size })),
    ),
    tryList({ list: "soonAvailable", page: "/" }, LIST_ERRORS.soonAvailable, () =>
      cached("soonAvailable", async () => (await findSoonAvailable(db, { pageSize: size, families: false })).domains),
    ),
  ]);
  const sections = { featured, premium, available, soonAvailable };
  const names = Object.values(sections).flatMap((section) => (section.ok ? section.value.map((domain) => domain.name) : []));
  return data(
    {
      // Whole minutes: cards count down in hours and days, and a page that stays the same
      // for the minute can be answered with 304 Not Modified (app/server/cache/http-cache.server.ts).
      now: Math.floor(Date.now() / 60_000) * 60_000,
      query: q?.slice(0, 300) ?? "",
      searchError: search.kind === "error" ? search.message : null,
      sections,
      bookmarks: { signedIn: viewer.signedIn, names: await findViewerBookmarks(db, viewer, names) },
    },
    { status: search.kind === "error" ? 400 : 200 },
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { now, sections, bookmarks } = loaderData;
  return (
    <div className="space-y-14">
      <section aria-labelledby="home-title" className="rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10">
        <h1 id="home-title" className="text-3xl font-bold sm:text-4xl">
          Hitta din nästa .se- eller .nu-domän
        </h1>
        <p className="mt-3 max-w-2xl text-brand-100">
          Sök bland domäner som snart blir lediga, domäner som är fria att registrera och premiumdomäner till salu.
        </p>
        <div className="mt-6 max-w-2xl rounded-xl bg-white p-4 text-slate-900">
          <HomeSearchBox defaultValue={loaderData.query} serverError={loaderData.searchError} />
        </div>
      </section>
      <HomeSection id="featured" title="Utvalda domäner" to="/featured" result={sections.featured} now={now} bookmarks={bookmarks} />
      <HomeSection id="premium" title="Premiumdomäner" to="/premium" result={sections.premium} now={now} bookmarks={bookmarks} />
      <HomeSection
        id="available"
        title="Tillgängliga för registrering"
        to="/available"
        result={sections.available}
        now={now}
        bookmarks={bookmarks}
      />
      <HomeSection
        id="soon-available"
        title="Snart tillgängliga"
        to="/soon-available"
        result={sections.soonAvailable}
        now={now}
        bookmarks={bookmarks}
      />
      <HomeExplainer />
      <p className="text-center text-slate-700">
        Hur många namn släpps varje dag, och hur snabbt registreras de igen? <ContentLink to="/statistik">Se statistiken</ContentLink>
      </p>
      <p className="text-center text-slate-700">
        Följ dagens släpp minut för minut och förbered morgondagens från kl. 12:00 UTC:{" "}
        <ContentLink to="/slapps-idag">Släpps idag</ContentLink>
      </p>
    </div>
  );
}
