import { createHash } from "node:crypto";

/**
 * A feed document with its ETag: a reader that sends the tag back
 * (If-None-Match) gets a bodiless 304 while the document is the same.
 */
export function feedResponse(request: Request, body: string, headers: Record<string, string>): Response {
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const all = { ...headers, ETag: etag };
  const sent = request.headers.get("if-none-match");
  if (sent && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers: all });
  return new Response(body, { headers: all });
}
