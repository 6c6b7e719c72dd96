import { getEnv } from "./env.server";

/** What every page may show about the site itself; comes from configuration. */
export function getSiteConfig() {
  const env = getEnv();
  return {
    siteName: env.SITE_NAME,
    siteUrl: env.SITE_URL.replace(/\/$/, ""),
    contactEmail: env.CONTACT_EMAIL,
  };
}

export const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPod|IEMobile|Opera Mini|BlackBerry/i;

/** The menu collapses on a mobile user agent, whatever the width (docs/product.md, "Layout and loading"). */
export function isMobileUserAgent(request: Request) {
  return MOBILE_USER_AGENT.test(request.headers.get("user-agent") ?? "");
}
