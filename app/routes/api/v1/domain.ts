import { databaseOf } from "~/server/app-context.server";
import { readApiDomain } from "~/server/api/domains-v1.server";
import { apiJson, apiPreflight, limitApiRequest, problemResponse } from "~/server/api/v1.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/domain";

/** GET /api/v1/domains/{name} (docs/api.md): any valid .se/.nu name, in either form: its row of the lists (null on none) with its history, what the zone says of it, its sibling and its twins. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const preflight = apiPreflight(request);
  if (preflight) return preflight;
  const limited = await limitApiRequest(request);
  if (!limited.ok) return limited.response;
  const found = await readApiDomain(await databaseOf(context), params.name ?? "", getSiteConfig().siteUrl);
  if (!found.ok) return problemResponse(400, "Bad request", "name must be a .se or .nu domain name.", limited.headers);
  return apiJson(request, found.detail, limited.headers);
}
