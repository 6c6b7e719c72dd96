import { DOWNLOAD_COLUMNS, type ExportFormat } from "~/domain/export-rows";
import { WATCH_STATE_COLUMNS } from "~/domain/watch-list-view";
import { databaseOf } from "~/server/app-context.server";
import { requireUser } from "~/server/auth/session.server";
import { addWatchStateColumns, listBookmarkExportRows } from "~/server/bookmarks/export-bookmarks.server";
import { exportDocument } from "~/server/exports/list-export.server";
import { openZoneColumnsReader } from "~/server/exports/zone-columns.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/bookmarks-export";

/**
 * GET /account/download/bookmarks.csv and .json: the signed-in user's watched names as a
 * file, newest first, in the columns of the list downloads with the zone's (docs/product.md,
 * "Downloads"), names on no list as "unlisted", then each watch's state (decision 0082);
 * `?format=csv-comma` as there. At most
 * 1,000 names: built whole.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const extension = params.file === "bookmarks.json" ? "json" : params.file === "bookmarks.csv" ? "csv" : null;
  if (!extension) return new Response("Filen finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const format: ExportFormat =
    extension === "json" ? "json" : new URL(request.url).searchParams.get("format") === "csv-comma" ? "csv-comma" : "csv";
  const db = await databaseOf(context);
  const rows = await listBookmarkExportRows(db, user.id, getSiteConfig().siteUrl);
  const now = new Date();
  const addZoneColumns = await openZoneColumnsReader(db);
  const withStates = await addWatchStateColumns(db, user.id, await addZoneColumns(rows), now);
  return new Response(exportDocument(format, withStates, [...DOWNLOAD_COLUMNS, ...WATCH_STATE_COLUMNS]), {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="snart-lediga-bokmarken-${now.toISOString().slice(0, 10)}.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
