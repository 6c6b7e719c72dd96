/** The one URL of a name's page: the Unicode form, lower case, percent-encoded (what search engines should index). */
export function domainPagePath(unicodeName: string): string {
  return `/d/${encodeURIComponent(unicodeName)}`;
}
