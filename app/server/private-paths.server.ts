/**
 * The site's private paths, listed here and nowhere else: answers that belong
 * to one person (the account, sign-in, calendar feeds), to the operators (the
 * backoffice, health checks) or to a program (the API). None of them is ever
 * marked cacheable or kept in the page cache (cache/http-cache.server.ts);
 * those marked `disallowedToCrawlers` are also listed in robots.txt. The
 * others stay open to crawlers on purpose: /auth and the calendar feeds say
 * `noindex` themselves, which a crawler only reads on a page it may fetch.
 */
const PRIVATE_PATHS: readonly { prefix: string; disallowedToCrawlers: boolean }[] = [
  { prefix: "/admin", disallowedToCrawlers: true },
  { prefix: "/backoffice", disallowedToCrawlers: true },
  { prefix: "/account", disallowedToCrawlers: true },
  { prefix: "/api/", disallowedToCrawlers: true },
  { prefix: "/auth", disallowedToCrawlers: false },
  { prefix: "/calendar/", disallowedToCrawlers: false },
  { prefix: "/healthz", disallowedToCrawlers: false },
  { prefix: "/readyz", disallowedToCrawlers: false },
];

/**
 * True for a private path, its sub-paths and React Router's data requests for
 * it (`/account.data`); case does not matter. `/api/` also covers `/api`.
 * The path is read as React Router matches it (normalisedPath): `/%61uth` and
 * `/./auth/reset-password` are /auth's pages, and private like it.
 */
export function isPrivatePath(pathname: string): boolean {
  const path = normalisedPath(pathname).toLowerCase();
  return PRIVATE_PATHS.some(
    ({ prefix }) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix) || path.startsWith(`${prefix}.data`),
  );
}

/**
 * A URL path as the page it names, segment by segment as React Router decodes it: percent-escapes
 * decoded (`%2F` too, which can only make more of a path private; an escape that is not one stays
 * as written), backslashes and repeated slashes as one slash, `.` and `..` segments resolved.
 */
export function normalisedPath(pathname: string): string {
  const segments: string[] = [];
  for (const raw of pathname.replace(/\\/g, "/").split("/")) {
    const segment = decodedSegment(raw);
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(...segment.split(/[\\/]/).filter(Boolean));
  }
  return `/${segments.join("/")}`;
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The prefixes robots.txt disallows, in the order it lists them. */
export function pathsDisallowedToCrawlers(): string[] {
  return PRIVATE_PATHS.filter((path) => path.disallowedToCrawlers).map((path) => path.prefix);
}
