import { watchFeeds } from "~/server/db/schema/index.server";
import { type PrivateFeed, privateFeedTokens } from "~/server/feeds/private-feed-tokens.server";

export type WatchFeed = PrivateFeed;

/** The user's private Atom feed of the watch list: its own token, replaced or revoked apart from the calendar's. */
const watchFeedTokens = privateFeedTokens(watchFeeds);

export const findWatchFeed = watchFeedTokens.find;
export const createWatchFeed = watchFeedTokens.create;
export const revokeWatchFeed = watchFeedTokens.revoke;
export const findWatchFeedOwner = watchFeedTokens.findOwner;
