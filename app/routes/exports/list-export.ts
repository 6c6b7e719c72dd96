import { exportFileName, type ExportFormat } from "~/domain/export-rows";
import { filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "~/domain/public-filters";
import { isPublicList } from "~/domain/saved-searches";
import { parseFeaturedToggle } from "~/lib/listing-params";
import { databaseOf } from "~/server/app-context.server";
import { refuseDownloadOverLimit } from "~/server/exports/download-limit.server";
import { exportBatches, exportChunk, exportHead, exportTail } from "~/server/exports/list-export.server";
import { logger } from "~/server/logger.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/list-export";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /export/{list}.csv and /export/{list}.json, with the view's filters
 * and sort (docs/product.md, "Downloads"): the list view as a file, streamed
 * as it is read. `?format=csv-comma` gives RFC 4180's commas instead of the
 * semicolons Swedish Excel reads.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [, listName = "", extension = ""] = /^(.+)\.(csv|json)$/.exec(params.file ?? "") ?? [];
  if (!isPublicList(listName)) return text("Listan finns inte.", 404);
  const list: PublicList = listName;
  const url = new URL(request.url);
  const format: ExportFormat = extension === "json" ? "json" : url.searchParams.get("format") === "csv-comma" ? "csv-comma" : "csv";

  const refused = await refuseDownloadOverLimit(request);
  if (refused) return refused;

  const db = await databaseOf(context);
  const now = new Date();
  const view = {
    list,
    filters: filtersFor(filterScopeOf(list), parsePublicFilters(url.searchParams)),
    includeFeatured: parseFeaturedToggle(url.searchParams.getAll("featured")),
    sort: url.searchParams.get("sort"),
  };
  const stop = new AbortController();
  const batches = exportBatches(db, view, { siteUrl: getSiteConfig().siteUrl, now, signal: stop.signal });
  const encoder = new TextEncoder();
  let wroteRows = false;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(exportHead(format)));
        }
        const next = await batches.next();
        if (next.done) {
          controller.enqueue(encoder.encode(exportTail(format, wroteRows)));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(exportChunk(format, next.value, !wroteRows)));
        wroteRows = true;
      } catch (error) {
        logger.error({ err: error, list }, "export failed mid-stream");
        controller.error(error);
      }
    },
    // The browser went away: stop reading (the query under way finishes; no further one starts).
    async cancel() {
      stop.abort();
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(list, format, now)}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
