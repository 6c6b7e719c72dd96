import { data } from "react-router";
import { parseRowId } from "~/lib/row-id";
import { requireAdmin } from "~/server/auth/session.server";
import { getImportRun } from "~/server/imports/release-list/runs/get-import-run.server";
import { databaseOf } from "~/server/app-context.server";
import type { Route } from "./+types/import-run";

/** One import run with its real progress; the TLD Imports tab polls this while the run is going. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "api" });
  // Ids are PostgreSQL integers: anything else (even a huge number) names no run.
  const runId = parseRowId(params.runId);
  if (runId === null) throw data({ error: "Unknown import run." }, { status: 404 });
  const run = await getImportRun(await databaseOf(context), runId);
  if (!run) throw data({ error: "Unknown import run." }, { status: 404 });
  // Polled every second: never from a cache.
  return data({ run }, { headers: { "Cache-Control": "no-store" } });
}
