import { data } from "react-router";
import { parseRowId } from "~/lib/row-id";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf } from "~/server/app-context.server";
import { importRejectionsCsv } from "~/server/imports/release-list/runs/import-rejections.server";
import type { Route } from "./+types/import-run-rejections";

/** GET /api/admin/import-runs/{id}/rejected.csv: every entry the run rejected, with its reason (docs/product.md, "Release lists and imports"). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "api" });
  const runId = parseRowId(params.runId);
  const csv = runId === null ? null : await importRejectionsCsv(await databaseHandleOf(context), runId);
  if (csv === null) throw data({ error: "Unknown import run." }, { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-run-${runId}-rejected.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
