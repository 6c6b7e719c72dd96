// Cards have room for about 20 characters of name: longer first
// labels are cut so the TLD stays visible, "abcdefghijklmnopqr….se".

/** First labels longer than this are shortened... */
export const SHORTEN_ABOVE = 20;
/** ...to this many characters, an ellipsis and the TLD. */
export const SHORTEN_TO = 18;

/**
 * The name as a card shows it. Counts code points, not UTF-16 units, so a
 * name is never cut inside a character.
 */
export function shortenDomainName(unicodeName: string): string {
  const dot = unicodeName.indexOf(".");
  const label = dot === -1 ? unicodeName : unicodeName.slice(0, dot);
  const rest = dot === -1 ? "" : unicodeName.slice(dot);
  const codePoints = [...label];
  if (codePoints.length <= SHORTEN_ABOVE) return unicodeName;
  return `${codePoints.slice(0, SHORTEN_TO).join("")}…${rest}`;
}
