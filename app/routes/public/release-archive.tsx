import { data, Link } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { ListError } from "~/components/list-error";
import { Pager, SWEDISH_PAGER_LABELS } from "~/components/pager";
import { formatLongDateSv, formatNumberSv } from "~/domain/format";
import { ARCHIVE_DAYS_PER_PAGE } from "~/domain/release-archive";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { RELEASE_TIME_TEXT } from "~/lib/site-facts";
import { databaseHandleOf } from "~/server/app-context.server";
import { tryList } from "~/server/domains/lists.server";
import { findReleaseDaysPage } from "~/server/release-archive/release-archive.server";
import type { Route } from "./+types/release-archive";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Släppta domäner per dag",
    description:
      "Arkivet över registrets släppdagar: hur många .se- och .nu-namn som släpptes varje dag, hur många som registrerats igen och hur många som fortfarande är lediga.",
    path: "/slappta",
    // A later page of the same index is not a page of its own for search engines; the first is.
    noIndex: location.search.length > 1,
  });

/** /slappta: the release days, newest first, ARCHIVE_DAYS_PER_PAGE a page (?sida=N), each with its counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = Number.parseInt(url.searchParams.get("sida") ?? "1", 10);
  const handle = await databaseHandleOf(context);
  const result = await tryList(
    { list: "release-archive-index", url: request.url },
    "Kunde inte hämta släppdagarna. Försök igen senare.",
    () => findReleaseDaysPage(handle, { page: Number.isFinite(asked) ? asked : 1, perPage: ARCHIVE_DAYS_PER_PAGE }),
  );
  if (!result.ok) return data({ error: result.error, archive: null });
  return data({ error: null, archive: result.value });
}

export default function ReleaseArchive({ loaderData }: Route.ComponentProps) {
  const { archive } = loaderData;
  return (
    <section aria-labelledby="archive-title" className="space-y-6">
      <div className="space-y-2">
        <h1 id="archive-title" className="text-3xl font-bold text-slate-900">
          Släppta domäner per dag
        </h1>
        <p className="max-w-3xl text-slate-700">
          Varje dag släpper registret (Internetstiftelsen) .se- och .nu-namn från kl. {RELEASE_TIME_TEXT}. Här är varje släppdag vi har
          följt: hur många namn som släpptes, hur många som har registrerats igen och hur många som fortfarande är lediga enligt vår senaste
          kontroll. Dagens släpp följer du live på{" "}
          <Link to="/slapps-idag" className="text-brand-700 underline underline-offset-2">
            Släpps idag
          </Link>
          .
        </p>
      </div>
      {!archive ? (
        <ListError message={loaderData.error!} />
      ) : archive.days.length === 0 ? (
        <EmptyState title="Inga släppdagar än">
          <p>
            Inga namn har släppts sedan vi började följa registrets listor. Se{" "}
            <Link to="/soon-available" className="text-brand-700 underline">
              domänerna som snart blir lediga
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="archive-days">
              <caption className="sr-only">
                Släppdagar, den senaste först (sida {archive.page} av {archive.totalPages})
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Dag
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Släppta
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Registrerade igen
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Fortfarande lediga
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {archive.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className="px-3 py-2 font-medium">
                      <Link to={`/slappta/${day.date}`} className="text-brand-700 underline underline-offset-2">
                        {formatLongDateSv(day.date)}
                      </Link>
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumberSv(day.released)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumberSv(day.taken)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatNumberSv(day.free)}
                      {day.unchecked > 0 && (
                        <span className="block text-xs text-slate-600">{formatNumberSv(day.unchecked)} inte kontrollerade</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-slate-700">
            {formatNumberSv(archive.totalDays)} släppdagar. ”Fortfarande lediga” är namn som vår kontroll har sett lediga och som ingen
            kontroll eller ögonblicksbild av registrets zon har sett registrerade igen.
          </p>
          <Pager
            page={archive.page}
            totalPages={archive.totalPages}
            hrefFor={(page) => (page === 1 ? "/slappta" : `/slappta?sida=${page}`)}
            labels={SWEDISH_PAGER_LABELS}
          />
        </>
      )}
    </section>
  );
}
