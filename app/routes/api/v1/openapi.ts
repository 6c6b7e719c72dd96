import { apiOpenApiDocument } from "~/server/api/openapi.server";
import { API_CORS_HEADERS, apiPreflight } from "~/server/api/v1.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/openapi";

/** GET /api/v1/openapi.json: the API described as OpenAPI 3.1, generated from the schemas its answers are built with. */
export function loader({ request }: Route.LoaderArgs) {
  const preflight = apiPreflight(request);
  if (preflight) return preflight;
  return new Response(JSON.stringify(apiOpenApiDocument(getSiteConfig().siteUrl), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...API_CORS_HEADERS,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
