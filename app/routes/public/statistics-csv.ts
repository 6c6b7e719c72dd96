import { isStatisticsChart, statisticsFileName } from "~/domain/statistics-tables";
import { chartTable } from "~/domain/statistics-taken-by-tables";
import { databaseHandleOf } from "~/server/app-context.server";
import { refuseDownloadOverLimit } from "~/server/exports/download-limit.server";
import { statisticsCsv } from "~/server/statistics/statistics-csv.server";
import { loadCachedStatistics } from "~/server/statistics/statistics-page.server";
import type { Route } from "./+types/statistics-csv";

/**
 * GET /statistik/{chart}.csv: the figures behind one chart of /statistik, as its table shows
 * them (docs/product.md, "Statistics"); counted with the list downloads against their limit.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [, chart = ""] = /^(.+)\.csv$/.exec(params.file ?? "") ?? [];
  if (!isStatisticsChart(chart)) {
    return new Response("Diagrammet finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const refused = await refuseDownloadOverLimit(request);
  if (refused) return refused;
  const now = new Date();
  const view = await loadCachedStatistics(await databaseHandleOf(context), now);
  return new Response(statisticsCsv(chartTable(view, chart)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statisticsFileName(chart, now)}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
