/** The registry's two shapes of a release list (parse-release-list.server.ts reads both). */
export type ReleaseListFormat = "json" | "txt";

/**
 * The format a file name, URL or content type names, if any: what the source
 * knows of a list before it is read. Without one, the parser tells the format
 * by the list's first character.
 */
export function formatFromName(nameOrUrl: string | undefined, contentType?: string | null): ReleaseListFormat | undefined {
  const path = (nameOrUrl ?? "").split(/[?#]/)[0].toLowerCase();
  if (path.endsWith(".json")) return "json";
  if (path.endsWith(".txt")) return "txt";
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("json")) return "json";
  if (type.startsWith("text/plain")) return "txt";
  return undefined;
}
