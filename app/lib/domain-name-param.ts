import { data, redirect } from "react-router";
import { parseDomainName } from "~/domain/names";

export const MISSING_NAME = "Domännamn saknas.";
export const INVALID_NAME = "Ogiltig domän. Ett domännamn ser ut som exempel.se eller mindomän.nu.";
export const UNSUPPORTED_TLD = "Vi stöder endast .se- och .nu-domäner.";

/**
 * The name in a URL of the name's pages (/d/{name} and /d/{name}/liknande):
 * parsed, or the Swedish 400 the route's error boundary shows. One URL per
 * name (Unicode, lower case) so search engines see one page: any other
 * spelling is moved there with a 301 to `canonicalPath`.
 */
export function readDomainNameParam(raw: string | undefined, canonicalPath: (unicodeName: string) => string) {
  const parsed = parseDomainName(raw ?? "");
  if (!parsed.ok) {
    if (parsed.reason === "empty") throw data(MISSING_NAME, { status: 400 });
    throw data(parsed.reason === "unsupported-tld" ? UNSUPPORTED_TLD : INVALID_NAME, { status: 400 });
  }
  if (raw !== parsed.unicode) throw redirect(canonicalPath(parsed.unicode), 301);
  return parsed;
}
