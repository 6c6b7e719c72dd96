import { databaseOf } from "~/server/app-context.server";
import { readApiDomain } from "~/server/api/domains-v1.server";
import { apiJson, apiPreflight, limitApiRequest, problemResponse } from "~/server/api/v1.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/domain";

/** GET /api/v1/domains/{name} (docs/api.md): one name, in either form, with its history. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const preflight = apiPreflight(request);
  if (preflight) return preflight;
  const limited = await limitApiRequest(request);
  if (!limited.ok) return limited.response;
  const found = await readApiDomain(await databaseOf(context), params.name ?? "", getSiteConfig().siteUrl);
  if (!found.ok && found.reason === "invalid")
    return problemResponse(400, "Bad request", "name must be a .se or .nu domain name.", limited.headers);
  if (!found.ok) return problemResponse(404, "Not found", "The name is not in the site's lists.", limited.headers);
  return apiJson(request, found.detail, limited.headers);
}
