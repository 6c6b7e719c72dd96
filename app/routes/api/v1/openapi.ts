import { apiOpenApiDocument } from "~/server/api/openapi.server";
import { getSiteConfig } from "~/server/site-config.server";

/** GET /api/v1/openapi.json: the API described as OpenAPI 3.1, generated from the schemas its answers are built with. */
export function loader() {
  return new Response(JSON.stringify(apiOpenApiDocument(getSiteConfig().siteUrl), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
