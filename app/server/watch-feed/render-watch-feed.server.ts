import { formatLongDateSv, formatStockholmDateTimeSv } from "~/domain/format";
import { WATCH_STATE_EXPLANATIONS, WATCH_STATE_LABELS } from "~/domain/watch-states";
import { escapeHtml } from "~/server/email/templates/escape-html.server";
import { siteAtomFeed } from "~/server/feeds/list-feed.server";
import type { WatchFeedEntry } from "./find-watch-events.server";

/** "räksmörgås.se: Tagen igen" */
export function watchEntryTitle(entry: WatchFeedEntry): string {
  return `${entry.unicodeName}: ${WATCH_STATE_LABELS[entry.kind]}`;
}

/** The entry's facts in Swedish, plain text: the state and its time in Sweden, what it means, the release day and the operator. */
export function watchEntryText(entry: WatchFeedEntry): string[] {
  const facts = [`${WATCH_STATE_LABELS[entry.kind]} ${formatStockholmDateTimeSv(entry.at)} (svensk tid).`, WATCH_STATE_EXPLANATIONS[entry.kind]];
  if (entry.releaseDate) {
    facts.push(
      entry.kind === "on_list"
        ? `Släpps ${formatLongDateSv(entry.releaseDate)}, tidigast kl. 04:00 UTC.`
        : `Släpptes ${formatLongDateSv(entry.releaseDate)}.`,
    );
  }
  if (entry.operator) facts.push(`Pekar på namnservrar hos ${entry.operator}.`);
  return facts;
}

/**
 * The watch list's feed as Atom 1.0. The `feed` library marks titles and
 * contents as HTML in CDATA sections, so every text is escaped as HTML here:
 * an operator's name comes from the backoffice's table, not from us.
 */
export function renderWatchFeed(options: { feedUrl: string; siteUrl: string; siteName: string; entries: WatchFeedEntry[] }): string {
  const siteUrl = options.siteUrl.replace(/\/$/, "");
  const host = new URL(siteUrl).host;
  const feed = siteAtomFeed({
    feedUrl: options.feedUrl,
    siteUrl,
    siteName: options.siteName,
    title: `Bevakade domäner – ${options.siteName}`,
    description: "Varje gång en domän du bevakar byter läge: borta ur zonen, förnyad, släpps snart, släppt, tagen igen.",
    link: `${siteUrl}/account?tab=bookmarks`,
    updated: options.entries[0] ? new Date(options.entries[0].at) : new Date(0),
  });
  for (const entry of options.entries) {
    const link = `${siteUrl}/d/${encodeURIComponent(entry.unicodeName)}`;
    const paragraphs = watchEntryText(entry).map((text) => `<p>${escapeHtml(text)}</p>`);
    feed.addItem({
      // The same change is the same entry for every reader and every fetch (RFC 4151 tag URI).
      id: `tag:${host},2026:watch/${entry.name}/${entry.kind}/${entry.at}`,
      title: escapeHtml(watchEntryTitle(entry)),
      link,
      date: new Date(entry.at),
      content: [...paragraphs, `<p><a href="${escapeHtml(link)}">${escapeHtml(entry.unicodeName)} på ${escapeHtml(options.siteName)}</a></p>`].join(""),
    });
  }
  return feed.atom1();
}
