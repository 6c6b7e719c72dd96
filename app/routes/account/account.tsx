import { data, Link } from "react-router";
import { savedSearchFeedUrls } from "~/domain/saved-searches";
import { parseWatchPage, WATCH_PAGE_PARAM } from "~/domain/watches";
import { parseWatchFilter, parseWatchSort, WATCH_FILTER_PARAM, WATCH_SORT_PARAM } from "~/domain/watch-list-view";
import { AccountDataSection } from "~/components/account/account-data-section";
import { BookmarksTab } from "~/components/account/bookmarks-tab";
import { CalendarFeedSection } from "~/components/account/calendar-feed-section";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { DeleteAccountSection } from "~/components/account/delete-account-section";
import { WatchFeedSection } from "~/components/account/watch-feed-section";
import { ProfileTab } from "~/components/account/profile-tab";
import { SavedSearchesTab } from "~/components/account/saved-searches-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { UserMenuAvatar } from "~/components/user-menu-avatar";
import { LogoutButton } from "~/components/user-menu-logout";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { requireUser } from "~/server/auth/session.server";
import { createCalendarFeed, findCalendarFeed, revokeCalendarFeed } from "~/server/bookmarks/calendar-feed.server";
import { watchFeedAction } from "~/server/watch-feed/watch-feed-action.server";
import { findWatchFeed } from "~/server/watch-feed/watch-feed-token.server";
import { listWatchStatePage } from "~/server/bookmarks/watch-states.server";
import { logger } from "~/server/logger.server";
import { countSavedSearch, listSavedSearches } from "~/server/saved-searches/saved-searches.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "~/server/http/read-limited-form.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { databaseOf } from "~/server/app-context.server";
import { getSiteConfig } from "~/server/site-config.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/account";
import { changePassword, deleteOwnAccount } from "./account-actions.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Mitt konto",
    description: "Dina bevakade domäner, sparade sökningar, din profil och din kalender med släppdatum.",
    path: "/account",
    noIndex: true,
  });

type AccountTab = "profile" | "bookmarks" | "searches";

function accountTab(value: string | null): AccountTab {
  return value === "bookmarks" || value === "searches" ? value : "profile";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await databaseOf(context);
  const params = new URL(request.url).searchParams;
  const tab = accountTab(params.get("tab"));
  const [bookmarks, feed, saved, watchFeed] = await Promise.all([
    // Read for the tab that shows them: a page of watches in the address's order and filter, with their states.
    tab === "bookmarks"
      ? listWatchStatePage(db, user.id, {
          sort: parseWatchSort(params.get(WATCH_SORT_PARAM)),
          filter: parseWatchFilter(params.get(WATCH_FILTER_PARAM)),
          page: parseWatchPage(params.get(WATCH_PAGE_PARAM)),
        })
      : null,
    findCalendarFeed(db, user.id),
    listSavedSearches(db, user.id),
    findWatchFeed(db, user.id),
  ]);
  const siteUrl = getSiteConfig().siteUrl.replace(/\/$/, "");
  const now = new Date();
  // Counted only for the tab that shows them. Awaited, not streamed: a page without JavaScript shows them too.
  const counts = await Promise.all(
    saved.map((search) =>
      tab === "searches"
        ? countSavedSearch(db, search, now).catch((error: unknown) => {
            logger.warn({ err: error, savedSearch: search.id }, "could not count a saved search");
            return null;
          })
        : null,
    ),
  );
  const searches = saved.map((search, index) => ({
    id: search.id,
    name: search.name,
    list: search.list,
    query: search.query,
    feeds: savedSearchFeedUrls(siteUrl, search.feedToken),
    counts: counts[index],
  }));
  return data(
    {
      tab,
      email: user.email,
      memberSince: Number.isNaN(user.createdAt.getTime()) ? null : user.createdAt.toISOString(),
      bookmarks,
      searches,
      feedUrl: feed ? `${siteUrl}/calendar/${feed.token}.ics` : null,
      watchFeedUrl: watchFeed ? `${siteUrl}/feeds/watch/${watchFeed.token}.atom` : null,
      now: now.getTime(),
    },
    // Private page: never stored by shared caches.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The calendar feed (create or replace, revoke), the password and the account itself. Each call checks the session itself. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, { as: "api" });
  const read = await readLimitedForm(request);
  if (!read.ok) return data({ error: UNREADABLE_FORM_MESSAGE }, { status: read.reason === "too-large" ? 413 : 400 });
  const intent = read.formData.get("intent");
  const db = await databaseOf(context);
  if (intent === "create-feed") {
    await createCalendarFeed(db, user.id);
    return redirectWithToast("/account?tab=bookmarks", {
      title: "Kalenderadress skapad",
      description: "Lägg till adressen som prenumeration i din kalenderapp.",
    });
  }
  if (intent === "revoke-feed") {
    await revokeCalendarFeed(db, user.id);
    return redirectWithToast("/account?tab=bookmarks", {
      title: "Kalenderadressen borttagen",
      description: "Den gamla adressen fungerar inte längre.",
    });
  }
  if (intent === "create-watch-feed" || intent === "revoke-watch-feed") return watchFeedAction(db, user.id, intent);
  if (intent === "change-password") return changePassword(db, request, user, read.formData);
  if (intent === "delete-account") return deleteOwnAccount(db, request, user, read.formData);
  return data({ error: "Okänd åtgärd." }, { status: 400 });
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, email, memberSince, bookmarks, searches, feedUrl, watchFeedUrl, now } = loaderData;
  const answerFor = (intent: string) => (actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined);
  const passwordAnswer = answerFor("change-password");
  const deleteAnswer = answerFor("delete-account");
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <UserMenuAvatar email={email} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900">Mitt konto</h1>
            <p className="truncate text-slate-700">{email}</p>
          </div>
        </div>
        <LogoutButton />
      </div>
      <Tabs value={tab}>
        <TabsList>
          <TabsTrigger value="bookmarks" asChild>
            <Link to="/account?tab=bookmarks" replace preventScrollReset>
              Mina bokmärken
            </Link>
          </TabsTrigger>
          <TabsTrigger value="searches" asChild>
            <Link to="/account?tab=searches" replace preventScrollReset>
              Sparade sökningar
            </Link>
          </TabsTrigger>
          <TabsTrigger value="profile" asChild>
            <Link to="/account?tab=profile" replace preventScrollReset>
              Profil
            </Link>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="bookmarks" className="space-y-8">
          {bookmarks && <BookmarksTab list={bookmarks} now={now} />}
          <CalendarFeedSection feedUrl={feedUrl} />
          <WatchFeedSection feedUrl={watchFeedUrl} />
        </TabsContent>
        <TabsContent value="searches" className="space-y-8">
          <SavedSearchesTab searches={searches} />
        </TabsContent>
        <TabsContent value="profile" className="space-y-8">
          <ProfileTab email={email} memberSince={memberSince} />
          <ChangePasswordForm fieldErrors={passwordAnswer?.fieldErrors} failure={passwordAnswer?.failure} />
          <AccountDataSection />
          <DeleteAccountSection fieldErrors={deleteAnswer?.fieldErrors} failure={deleteAnswer?.failure} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
