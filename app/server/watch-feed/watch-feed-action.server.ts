import type { Db } from "~/server/db/client.server";
import { redirectWithToast } from "~/server/toast.server";
import { createWatchFeed, revokeWatchFeed } from "./watch-feed-token.server";

/** The account page's two buttons for the watch list's feed: make (or replace) its address, or revoke it. */
export async function watchFeedAction(db: Db, userId: string, intent: "create-watch-feed" | "revoke-watch-feed") {
  if (intent === "create-watch-feed") {
    await createWatchFeed(db, userId);
    return redirectWithToast("/account?tab=bookmarks", {
      title: "Flödesadress skapad",
      description: "Lägg till adressen i din flödesläsare.",
    });
  }
  await revokeWatchFeed(db, userId);
  return redirectWithToast("/account?tab=bookmarks", {
    title: "Flödesadressen borttagen",
    description: "Den gamla adressen fungerar inte längre.",
  });
}
