import { getEnv } from "~/server/env.server";
import { getSiteConfig } from "~/server/site-config.server";

/** The addresses and site details the mail templates need, from configuration. */
export function getMailSettings() {
  const env = getEnv();
  const site = getSiteConfig();
  return {
    salesEmail: env.SALES_EMAIL,
    contactEmail: env.CONTACT_EMAIL,
    site: { siteName: site.siteName, siteUrl: site.siteUrl },
  };
}

export type MailSettings = ReturnType<typeof getMailSettings>;
