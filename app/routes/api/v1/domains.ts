import { databaseOf } from "~/server/app-context.server";
import { parseApiListQuery, readApiDomainPage } from "~/server/api/domains-v1.server";
import { apiJson, apiPreflight, limitApiRequest, problemResponse } from "~/server/api/v1.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/domains";

/** GET /api/v1/domains?list=…&sort=…&cursor=…&limit=…&{filters} (docs/api.md): one page of a list view. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const preflight = apiPreflight(request);
  if (preflight) return preflight;
  const limited = await limitApiRequest(request);
  if (!limited.ok) return limited.response;
  const parsed = parseApiListQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return problemResponse(400, "Bad request", parsed.detail, limited.headers);
  const page = await readApiDomainPage(await databaseOf(context), parsed.query, getSiteConfig().siteUrl, new Date());
  return apiJson(request, page, limited.headers);
}
