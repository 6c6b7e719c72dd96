import type { MetaDescriptor } from "react-router";

export type SiteInfo = { siteName: string; siteUrl: string };

/** The picture link previews show for every page: public/og-image.png, drawn by scripts/render-site-image.js. */
export const SITE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Snart lediga – hitta din nästa .se- eller .nu-domän",
};

/**
 * Title with the site suffix, description, canonical URL and social tags
 * (the site's picture, absolute from SITE_URL, as previews require): every
 * page sets these through this one function.
 */
export function pageMeta(
  site: SiteInfo | undefined,
  page: { title: string; description: string; path: string; type?: string; noIndex?: boolean },
): MetaDescriptor[] {
  const siteName = site?.siteName ?? "Snart lediga";
  const siteUrl = (site?.siteUrl ?? "").replace(/\/$/, "");
  const title = page.title === siteName ? siteName : `${page.title} | ${siteName}`;
  const url = `${siteUrl}${page.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:image", content: `${siteUrl}${SITE_IMAGE.path}` },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SITE_IMAGE.width) },
    { property: "og:image:height", content: String(SITE_IMAGE.height) },
    { property: "og:image:alt", content: SITE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Reads the site info the root loader provides, from any route's `meta` matches. */
export function siteFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>,
): SiteInfo | undefined {
  const root = matches.find((match) => match?.id === "root");
  // React Router 8 names it loaderData; `data` is the older, deprecated name.
  return ((root?.loaderData ?? root?.data) as { site?: SiteInfo } | undefined)?.site;
}
