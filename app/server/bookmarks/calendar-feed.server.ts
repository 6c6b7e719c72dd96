import { calendarFeeds } from "~/server/db/schema/index.server";
import { type PrivateFeed, privateFeedTokens } from "~/server/feeds/private-feed-tokens.server";

export { isWellFormedFeedToken } from "~/server/feeds/private-feed-tokens.server";

export type CalendarFeed = PrivateFeed;

/** The user's private iCalendar feed of watched releases. */
const calendarFeedTokens = privateFeedTokens(calendarFeeds);

export const findCalendarFeed = calendarFeedTokens.find;
export const createCalendarFeed = calendarFeedTokens.create;
export const revokeCalendarFeed = calendarFeedTokens.revoke;
export const findCalendarFeedOwner = calendarFeedTokens.findOwner;
