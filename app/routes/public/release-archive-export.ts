import type { ExportFormat } from "~/domain/export-rows";
import { archiveViewNames, parseArchiveDay, parseArchiveView } from "~/domain/release-archive";
import { databaseHandleOf } from "~/server/app-context.server";
import { refuseDownloadOverLimit } from "~/server/exports/download-limit.server";
import { archiveExportDocument, archiveExportFileName, archiveExportRow } from "~/server/release-archive/release-archive-export.server";
import { findReleaseDayNames } from "~/server/release-archive/release-archive.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/release-archive-export";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /slappta/{YYYY-MM-DD}/namn.csv and namn.json with the day page's view (filters, what became
 * of the name, order): the names as the page lists them (docs/product.md, "The archive of release
 * days"); counted with the other downloads against their limit.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [, extension = ""] = /^namn\.(csv|json)$/.exec(params.file ?? "") ?? [];
  if (!extension) return text("Filen finns inte.", 404);
  const now = new Date();
  const day = parseArchiveDay(params.day, now);
  if (!day.ok)
    return text(
      day.reason === "invalid" ? "Ogiltigt datum." : "Inga namn har släppts det datumet än.",
      day.reason === "invalid" ? 400 : 404,
    );
  const url = new URL(request.url);
  const format: ExportFormat = extension === "json" ? "json" : url.searchParams.get("format") === "csv-comma" ? "csv-comma" : "csv";

  const refused = await refuseDownloadOverLimit(request);
  if (refused) return refused;

  const names = await findReleaseDayNames(await databaseHandleOf(context), day.date);
  if (names.length === 0) return text("Inga namn släpptes det datumet.", 404);
  const { siteUrl } = getSiteConfig();
  const rows = archiveViewNames(names, parseArchiveView(url.searchParams), day.date, now).map((name) =>
    archiveExportRow(name, day.date, siteUrl),
  );
  return new Response(archiveExportDocument(format, rows), {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${archiveExportFileName(day.date, format)}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
