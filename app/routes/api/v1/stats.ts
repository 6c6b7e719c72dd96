import { databaseHandleOf } from "~/server/app-context.server";
import { apiJson, apiPreflight, limitApiRequest } from "~/server/api/v1.server";
import { loadStatistics } from "~/server/statistics/load-statistics.server";
import type { Route } from "./+types/stats";

/** GET /api/v1/stats (docs/api.md): the statistics page's figures, as the aggregate tables hold them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const preflight = apiPreflight(request);
  if (preflight) return preflight;
  const limited = await limitApiRequest(request);
  if (!limited.ok) return limited.response;
  return apiJson(request, await loadStatistics(await databaseHandleOf(context), new Date()), limited.headers);
}
