import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { BOOKMARK_LIMIT_TEXT } from "~/lib/bookmark-texts";
import { MAX_BOOKMARKS_PER_USER } from "~/server/bookmarks/set-bookmark.server";
import { bookmarks } from "~/server/db/schema/index.server";
import { getToast } from "~/server/toast.server";
import { createDomain } from "~tests/factories/domains";
import { appContextForTests, createSignedInUser, siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { WATCHES_PER_PAGE, type WatchListPage } from "~/domain/watches";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";
import { action, loader } from "./bookmarks";
import { loader as calendarLoader } from "./calendar";

type Result = { data: Record<string, unknown>; init: ResponseInit | null };

async function call(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) {
  try {
    return (await fn({ request, params, context: appContextForTests() } as never)) as Result & Response;
  } catch (thrown) {
    return thrown as Result & Response;
  }
}

describeEachEngine("bookmark and calendar routes", ({ handle }) => {
  const db = () => handle().db;

  it("POST /api/bookmarks: visitor 401, wrong origin 403, bad name 400, user add/remove", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable" });
    const post = (form: Record<string, string>, options: { cookie?: string; origin?: string } = {}) =>
      siteRequest("/api/bookmarks", { form, cookie: options.cookie, headers: options.origin ? { origin: options.origin } : {} });

    expect((await call(action, post({ domainName: "räksmörgås.se", intent: "add" }))).init?.status).toBe(401);
    expect((await call(loader, siteRequest("/api/bookmarks"))).init?.status).toBe(401);
    expect(
      (await call(action, post({ domainName: "räksmörgås.se", intent: "add" }, { cookie: anna.cookie, origin: "https://evil.example" })))
        .init?.status,
    ).toBe(403);
    expect((await call(action, post({ domainName: "<script>", intent: "add" }, { cookie: anna.cookie }))).init?.status).toBe(400);
    expect((await call(action, post({ domainName: "räksmörgås.se", intent: "toggle" }, { cookie: anna.cookie }))).init?.status).toBe(400);
    expect((await call(action, post({ domainName: "hund.com", intent: "add" }, { cookie: anna.cookie }))).init?.status).toBe(400);
    expect((await call(action, post({ domainName: "a.b.se", intent: "add" }, { cookie: anna.cookie }))).init?.status).toBe(400);
    expect(await db().select().from(bookmarks)).toHaveLength(0);

    // The Unicode and ACE forms are the same name.
    const added = await call(action, post({ domainName: "räksmörgås.se", intent: "add" }, { cookie: anna.cookie }));
    expect(added.data).toEqual({ ok: true, bookmarked: true });
    await call(action, post({ domainName: "xn--rksmrgs-5wao1o.se", intent: "add" }, { cookie: anna.cookie }));
    expect(await db().select().from(bookmarks)).toHaveLength(1);
    const listed = await call(loader, siteRequest("/api/bookmarks", { cookie: anna.cookie }));
    expect(listed.data).toEqual({
      ok: true,
      bookmarks: [{ name: "xn--rksmrgs-5wao1o.se", unicodeName: "räksmörgås.se", status: "soonavailable" }],
    });

    const removed = await call(action, post({ domainName: "räksmörgås.se", intent: "remove" }, { cookie: anna.cookie }));
    expect(removed.data).toEqual({ ok: true, bookmarked: false });
    expect(await db().select().from(bookmarks)).toHaveLength(0);

    // A name on no list is watched by name, in either IDN form.
    const unlisted = await call(action, post({ domainName: "Blåbär.NU", intent: "add" }, { cookie: anna.cookie }));
    expect(unlisted.data).toEqual({ ok: true, bookmarked: true });
    const listedAgain = await call(loader, siteRequest("/api/bookmarks", { cookie: anna.cookie }));
    expect(listedAgain.data).toEqual({ ok: true, bookmarks: [{ name: "xn--blbr-noae.nu", unicodeName: "blåbär.nu", status: "unknown" }] });
  });

  it("POST /api/bookmarks at the limit: 409 with the Swedish message, nothing saved; without JavaScript the toast says it", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    await db()
      .insert(bookmarks)
      .values(Array.from({ length: MAX_BOOKMARKS_PER_USER }, (_, index) => ({ userId: anna.id, domainName: `n${index}.se` })));
    const form = { domainName: "enfor.se", intent: "add", redirectTo: "/d/enfor.se" };
    const refused = await call(action, siteRequest("/api/bookmarks", { form, cookie: anna.cookie }));
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toEqual({ ok: false, error: BOOKMARK_LIMIT_TEXT.description });
    const navigated = await call(
      action,
      siteRequest("/api/bookmarks", { form, cookie: anna.cookie, headers: { "sec-fetch-mode": "navigate" } }),
    );
    expect(navigated.status).toBe(302);
    expect(navigated.headers.get("location")).toBe("/d/enfor.se");
    const toastCookie = navigated.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("snart_toast="))!
      .split(";")[0];
    const { toast } = await getToast(new Request(TEST_SITE_URL, { headers: { cookie: toastCookie } }));
    expect(toast).toMatchObject({ type: "error", ...BOOKMARK_LIMIT_TEXT });
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER);
    expect(await db().$count(bookmarks, eq(bookmarks.domainName, "enfor.se"))).toBe(0);
  });

  it("without JavaScript the form post redirects back with a toast (or to /auth for a visitor)", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    await createDomain(db(), { name: "hund.se", status: "available" });
    const navigate = { "sec-fetch-mode": "navigate" };
    const form = { domainName: "hund.se", intent: "add", redirectTo: "/d/hund.se" };
    // A visitor's form is not read: the way back is the page it was posted from.
    const visitor = await call(
      action,
      siteRequest("/api/bookmarks", { form, headers: { ...navigate, referer: `${TEST_SITE_URL}/d/hund.se` } }),
    );
    expect(visitor.headers.get("location")).toBe("/auth?redirectTo=%2Fd%2Fhund.se");
    const offsiteReferer = await call(
      action,
      siteRequest("/api/bookmarks", { form, headers: { ...navigate, referer: "https://evil.example/d/hund.se" } }),
    );
    expect(offsiteReferer.headers.get("location")).toBe("/auth?redirectTo=%2F");
    const user = await call(action, siteRequest("/api/bookmarks", { form, cookie: anna.cookie, headers: navigate }));
    expect(user.headers.get("location")).toBe("/d/hund.se");
    expect(user.headers.getSetCookie().some((cookie) => cookie.startsWith("snart_toast="))).toBe(true);
    const offsite = await call(
      action,
      siteRequest("/api/bookmarks", { form: { ...form, redirectTo: "//evil.example" }, cookie: anna.cookie, headers: navigate }),
    );
    expect(offsite.headers.get("location")).toBe("/");
  });

  it("/account pages the watches: ?sida= picks a page, a bad one is the first, one past the end the last; other tabs read none", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    await db()
      .insert(bookmarks)
      .values(
        Array.from({ length: WATCHES_PER_PAGE + 2 }, (_, index) => ({
          userId: anna.id,
          domainName: `n${index}.se`,
          createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)),
        })),
      );
    const pageOf = async (query: string) =>
      ((await call(accountLoader, siteRequest(`/account?${query}`, { cookie: anna.cookie }))).data as { bookmarks: WatchListPage | null })
        .bookmarks;
    const second = await pageOf("tab=bookmarks&sida=2");
    expect(second).toMatchObject({ total: WATCHES_PER_PAGE + 2, page: 2, pageCount: 2 });
    // Newest first: the last page holds the two oldest.
    expect(second!.watches.map((watch) => watch.name)).toEqual(["n1.se", "n0.se"]);
    expect((await pageOf("tab=bookmarks&sida=x"))!.page).toBe(1);
    expect((await pageOf("tab=bookmarks"))!.watches[0].name).toBe(`n${WATCHES_PER_PAGE + 1}.se`);
    expect((await pageOf("tab=bookmarks&sida=9"))!.page).toBe(2);
    expect(await pageOf("tab=profile")).toBeNull();
  });

  it("/account: visitors go to /auth; the user sees bookmarks with real status and manages the calendar feed", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const soon = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    const taken = await createDomain(db(), { name: "hund.se", status: "registered" });
    await db()
      .insert(bookmarks)
      .values([soon, taken].map((domain) => ({ userId: anna.id, domainName: domain.name })));

    const visitor = await call(accountLoader, siteRequest("/account?tab=bookmarks"));
    expect(visitor.headers.get("location")).toBe("/auth?redirectTo=%2Faccount%3Ftab%3Dbookmarks");
    expect((await call(accountAction, siteRequest("/account", { form: { intent: "create-feed" } }))).init?.status).toBe(401);

    const page = await call(accountLoader, siteRequest("/account?tab=bookmarks", { cookie: anna.cookie }));
    const pageData = page.data as { tab: string; email: string; bookmarks: WatchListPage; feedUrl: string | null };
    expect(pageData.tab).toBe("bookmarks");
    expect(pageData.email).toBe("anna@example.se");
    expect(pageData.bookmarks.watches.map((row) => [row.unicodeName, row.listed?.status]).sort()).toEqual([
      ["hund.se", "registered"],
      ["räksmörgås.se", "soonavailable"],
    ]);
    expect(pageData.bookmarks).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(pageData.feedUrl).toBeNull();

    const created = await call(
      accountAction,
      siteRequest("/account?tab=bookmarks", { form: { intent: "create-feed" }, cookie: anna.cookie }),
    );
    expect(created.headers.get("location")).toBe("/account?tab=bookmarks");
    const withFeed = (await call(accountLoader, siteRequest("/account", { cookie: anna.cookie }))).data as { feedUrl: string; tab: string };
    expect(withFeed.tab).toBe("profile");
    const match = /^http:\/\/localhost:3000\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(withFeed.feedUrl);
    expect(match).not.toBeNull();

    const ics = await call(calendarLoader, siteRequest(`/calendar/${match![1]}.ics`), { file: `${match![1]}.ics` });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await ics.text();
    expect(body).toContain("SUMMARY:räksmörgås.se släpps\r\n");
    expect(body).toContain("DTSTART:20300501T040000Z\r\n");
    expect(body).not.toContain("hund.se släpps");

    await call(accountAction, siteRequest("/account", { form: { intent: "revoke-feed" }, cookie: anna.cookie }));
    expect((await call(calendarLoader, siteRequest(`/calendar/${match![1]}.ics`), { file: `${match![1]}.ics` })).status).toBe(404);
    expect((await call(calendarLoader, siteRequest("/calendar/nonsense.ics"), { file: "nonsense.ics" })).status).toBe(404);
  });
});
