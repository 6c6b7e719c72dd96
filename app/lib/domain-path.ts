/** The one URL of a name's page: the Unicode form, lower case, percent-encoded (what search engines should index). */
export function domainPagePath(unicodeName: string): string {
  return `/d/${encodeURIComponent(unicodeName)}`;
}

/** The page of a name's similar names: what the name page's section loads when it comes into view, and its link without JavaScript. */
export function similarDomainsPath(unicodeName: string): string {
  return `${domainPagePath(unicodeName)}/liknande`;
}
