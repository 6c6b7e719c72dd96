/**
 * The public Atom feed of a list view (a list and its filters): the names
 * that most recently joined the view or changed in it, newest first, so a
 * feed reader shows what is new in "four letters, .se, releasing this week".
 */
import { desc, sql } from "drizzle-orm";
import { Feed } from "feed";
import { formatLongDateSv } from "~/domain/format";
import { statusLabel } from "~/domain/labels";
import type { PublicFilters } from "~/domain/public-filters";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { listViewWhere, type PublicList } from "~/server/domains/lists.server";

/** A feed holds this many entries: a reader polling every few hours misses nothing on an ordinary day. */
export const FEED_ENTRY_LIMIT = 50;

export type FeedEntry = {
  name: string;
  unicodeName: string;
  status: string;
  releaseDate: string | null;
  updatedAt: Date;
};

/** The view's names, most recently changed first (for a soon-available name, usually when a list brought it). */
export async function findListFeedEntries(
  db: Db,
  list: PublicList,
  options: { filters: PublicFilters; includeFeatured?: boolean; now: Date },
): Promise<FeedEntry[]> {
  return db
    .select({
      name: domains.name,
      unicodeName: domains.unicodeName,
      status: domains.status,
      releaseDate: domains.releaseDate,
      updatedAt: domains.updatedAt,
    })
    .from(domains)
    .where(listViewWhere(list, options))
    .orderBy(desc(domains.updatedAt), sql`${domains.name}`)
    .limit(FEED_ENTRY_LIMIT);
}

/** One entry's text: its status, and its release date where it has one. */
export function feedEntrySummary(entry: FeedEntry): string {
  const status = statusLabel(entry.status);
  if (!entry.releaseDate) return status;
  const verb = entry.status === "soonavailable" ? "Släpps" : "Släpptes";
  return `${status}. ${verb} ${formatLongDateSv(entry.releaseDate)} (tidigast kl. 04:00 UTC).`;
}

/** The view's feed as Atom 1.0 (the `feed` library writes and escapes it). */
export function renderListFeed(options: {
  title: string;
  /** The view's page: "https://…/soon-available?min=4". */
  viewUrl: string;
  /** This feed's own address. */
  feedUrl: string;
  siteUrl: string;
  siteName: string;
  entries: FeedEntry[];
}): string {
  const siteUrl = options.siteUrl.replace(/\/$/, "");
  const feed = siteAtomFeed({
    feedUrl: options.feedUrl,
    siteUrl,
    siteName: options.siteName,
    title: `${options.title} – ${options.siteName}`,
    description: "Nya och ändrade domäner i vyn, senaste först.",
    link: options.viewUrl,
    updated: options.entries[0]?.updatedAt ?? new Date(0),
  });
  for (const entry of options.entries) {
    const link = `${siteUrl}/d/${encodeURIComponent(entry.unicodeName)}`;
    feed.addItem({
      // Name and change time: a name that changes again (released, taken) is a new entry for the reader.
      id: `${link}#${entry.updatedAt.toISOString()}`,
      title: entry.unicodeName,
      link,
      date: entry.updatedAt,
      description: feedEntrySummary(entry),
    });
  }
  return feed.atom1();
}

/**
 * An Atom feed of the site, in Swedish, as every feed of it starts: its
 * address, no generator, the site as author (Atom asks for an author of the
 * feed when its entries name none). `updated` is the newest entry's time, not
 * the moment of the request: the same entries give the same document (and ETag).
 */
export function siteAtomFeed(options: {
  feedUrl: string;
  siteUrl: string;
  siteName: string;
  title: string;
  description: string;
  link: string;
  updated: Date;
}): Feed {
  return new Feed({
    id: options.feedUrl,
    title: options.title,
    description: options.description,
    link: options.link,
    language: "sv",
    updated: options.updated,
    feedLinks: { atom: options.feedUrl },
    generator: false,
    copyright: options.siteName,
    author: { name: options.siteName, link: options.siteUrl },
  });
}
