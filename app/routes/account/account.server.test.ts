import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { CREDENTIAL_MESSAGES } from "~/domain/credentials";
import { getAuth } from "~/server/auth/auth.server";
import { AUTH_LIMITS } from "~/server/auth/auth-rate-limits.server";
import { getOptionalUser } from "~/server/auth/session.server";
import { createCalendarFeed } from "~/server/bookmarks/calendar-feed.server";
import { submitContactMessage } from "~/server/contact/submit-contact-message.server";
import {
  account,
  bookmarks,
  calendarFeeds,
  contactMessages,
  emailOutbox,
  enquiries,
  savedSearches,
  session,
  user,
  verification,
  watchFeeds,
} from "~/server/db/schema/index.server";
import { submitEnquiry } from "~/server/enquiries/submit-enquiry.server";
import { saveSearch } from "~/server/saved-searches/saved-searches.server";
import { createWatchFeed } from "~/server/watch-feed/watch-feed-token.server";
import type { AccountExport } from "~/server/users/export-account.server";
import { createDomain } from "~tests/factories/domains";
import { contactInput, enquiryInput, testMailSettings } from "~tests/factories/messages";
import { createSignedInUser, signIn, siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { action as authAction } from "~/routes/public/auth";
import { action as forgotAction } from "~/routes/public/forgot-password";
import { action, loader } from "./account";
import { LAST_ADMIN_MESSAGE } from "./account-actions.server";
import { action as exportAction } from "./export";

const NEW_PASSWORD = "ny-lång-fras-7";

/** The cookie pairs a response sets, as the browser would send them next (a cleared cookie is dropped). */
function cookiesFrom(response: Headers) {
  return response
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

describeEachEngine("/account: password, deletion and the data download", ({ handle }) => {
  const db = () => handle().db;
  const post = (form: Record<string, string>, cookie?: string) =>
    callRoute(action as never, siteRequest("/account?tab=profile", { form, cookie }));
  const changePassword = (cookie: string, currentPassword: string, password = NEW_PASSWORD, confirmPassword = password) =>
    post({ intent: "change-password", currentPassword, password, confirmPassword }, cookie);
  const login = (email: string, password: string) =>
    callRoute(authAction as never, siteRequest("/auth", { form: { intent: "login", email, password } }));
  const rowsOf = async (
    table: typeof session | typeof account | typeof bookmarks | typeof calendarFeeds | typeof watchFeeds | typeof savedSearches,
    userId: string,
  ) => Number((await db().select({ n: count() }).from(table).where(eq(table.userId, userId)))[0].n);

  it("changing the password ends every other session, keeps this one, and mails a notice", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const laptop = await signIn(db(), anna);
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });

    const changed = await changePassword(anna.cookie, anna.password);
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/account?tab=profile");
    // The browser that changed it gets a new session; every session from before is gone.
    const fresh = cookiesFrom(changed.headers);
    expect(fresh).toContain("better-auth.session_token=");
    expect(await getOptionalUser(siteRequest("/", { cookie: fresh }))).toMatchObject({ email: "anna@example.se" });
    expect(await getOptionalUser(siteRequest("/", { cookie: laptop }))).toBeNull();
    expect(await getOptionalUser(siteRequest("/", { cookie: anna.cookie }))).toBeNull();
    expect(await rowsOf(session, anna.id)).toBe(1);
    expect(await getOptionalUser(siteRequest("/", { cookie: bo.cookie }))).toMatchObject({ email: "bo@example.se" });

    expect((await login(anna.email, anna.password)).status).toBe(401);
    expect((await login(anna.email, NEW_PASSWORD)).status).toBe(302);
    const notices = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "password-changed"));
    expect(notices.map((mail) => mail.toAddress)).toEqual(["anna@example.se"]);
  });

  it("a direct call to better-auth's change-password cannot keep the other sessions either", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const laptop = await signIn(db(), anna);
    const direct = await (
      await getAuth()
    ).handler(
      new Request(`${TEST_SITE_URL}/api/auth/change-password`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL, cookie: anna.cookie },
        body: JSON.stringify({ currentPassword: anna.password, newPassword: NEW_PASSWORD, revokeOtherSessions: false }),
      }),
    );
    expect(direct.status).toBe(200);
    expect(await getOptionalUser(siteRequest("/", { cookie: laptop }))).toBeNull();
    expect(await rowsOf(session, anna.id)).toBe(1);
  });

  it("a changed password also voids reset links already mailed", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    await callRoute(forgotAction as never, siteRequest("/auth/forgot-password", { form: { email: anna.email } }));
    expect(await db().select().from(verification)).toHaveLength(1);
    await changePassword(anna.cookie, anna.password);
    expect(await db().select().from(verification)).toHaveLength(0);
  });

  it("refuses a wrong current password, a common or unchanged new one, and changes nothing", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const laptop = await signIn(db(), anna);

    const wrong = await changePassword(anna.cookie, "fel-lösen-1");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ intent: "change-password", fieldErrors: { currentPassword: "Lösenordet stämmer inte." } });
    const common = await changePassword(anna.cookie, anna.password, "qwerty123");
    expect(common.body).toEqual({ intent: "change-password", fieldErrors: { password: CREDENTIAL_MESSAGES.passwordTooCommon } });
    const same = await changePassword(anna.cookie, anna.password, anna.password);
    expect(same.body).toEqual({ intent: "change-password", fieldErrors: { password: CREDENTIAL_MESSAGES.passwordUnchanged } });
    expect((await changePassword(anna.cookie, "", NEW_PASSWORD)).body).toMatchObject({
      fieldErrors: { currentPassword: CREDENTIAL_MESSAGES.currentPasswordMissing },
    });

    expect(await getOptionalUser(siteRequest("/", { cookie: laptop }))).toMatchObject({ email: "anna@example.se" });
    expect((await login(anna.email, anna.password)).status).toBe(302);
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
    // A visitor cannot change anything.
    expect((await changePassword("", anna.password)).status).toBe(401);
  });

  it("limits wrong current passwords per account: a stolen session cannot guess the password", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    for (let attempt = 1; attempt <= AUTH_LIMITS.passwordCheckPerAccount.points; attempt++) {
      expect((await changePassword(anna.cookie, `fel-lösen-${attempt}`)).status).toBe(400);
    }
    const limited = await changePassword(anna.cookie, anna.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      intent: "change-password",
      failure: expect.stringMatching(/^För många försök med fel lösenord\. Försök igen om \d+ minuter\.$/),
    });
    const deleting = await post({ intent: "delete-account", currentPassword: anna.password }, anna.cookie);
    expect(deleting.status).toBe(429);
    expect(await db().select().from(user)).toHaveLength(1);
  });

  it("deleting the account removes the user and everything kept for them at once, and signs out", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const laptop = await signIn(db(), anna);
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });
    const domain = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    await db()
      .insert(bookmarks)
      .values([anna, bo].map((owner) => ({ userId: owner.id, domainName: domain.name })));
    await createCalendarFeed(db(), anna.id);
    await createCalendarFeed(db(), bo.id);
    for (const owner of [anna, bo]) await createWatchFeed(db(), owner.id);
    for (const owner of [anna, bo])
      await saveSearch(db(), owner.id, { name: "Fyra tecken", list: "soon-available", search: "min=4&max=4" });
    await callRoute(forgotAction as never, siteRequest("/auth/forgot-password", { form: { email: anna.email } }));
    await callRoute(forgotAction as never, siteRequest("/auth/forgot-password", { form: { email: bo.email } }));

    const wrong = await post({ intent: "delete-account", currentPassword: "fel-lösen-1" }, anna.cookie);
    expect(wrong.body).toEqual({ intent: "delete-account", fieldErrors: { currentPassword: "Lösenordet stämmer inte." } });
    expect(await db().select().from(user).where(eq(user.id, anna.id))).toHaveLength(1);

    const deleted = await post({ intent: "delete-account", currentPassword: anna.password }, anna.cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/");
    const cleared = deleted.headers.getSetCookie().find((cookie) => cookie.startsWith("better-auth.session_token="));
    expect(cleared).toMatch(/Max-Age=0/i);

    expect(await db().select().from(user).where(eq(user.id, anna.id))).toHaveLength(0);
    for (const table of [session, account, bookmarks, calendarFeeds, watchFeeds, savedSearches]) expect(await rowsOf(table, anna.id)).toBe(0);
    expect(await db().select().from(verification).where(eq(verification.value, anna.id))).toHaveLength(0);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, anna.email))).toHaveLength(0);
    expect(await getOptionalUser(siteRequest("/", { cookie: laptop }))).toBeNull();
    expect((await login(anna.email, anna.password)).status).toBe(401);

    // Bo keeps everything.
    for (const table of [session, account, bookmarks, calendarFeeds, watchFeeds, savedSearches]) expect(await rowsOf(table, bo.id)).toBe(1);
    expect(await db().select().from(verification).where(eq(verification.value, bo.id))).toHaveLength(1);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, bo.email))).toHaveLength(1);
  });

  /** A contact message and an enquiry about räksmörgåsbord.se from each address, with their mails. */
  async function sendMessagesFrom(...emails: string[]) {
    await createDomain(db(), { name: "räksmörgåsbord.se", status: "premium", price: 25000 });
    for (const email of emails) {
      await submitContactMessage(db(), contactInput({ email, subject: `Fråga från ${email}` }), {
        ipAddress: "192.0.2.7",
        settings: testMailSettings,
      });
      const enquiry = await submitEnquiry(db(), enquiryInput({ email, domain: "räksmörgåsbord.se" }), { settings: testMailSettings });
      if (!enquiry.ok) throw new Error("the enquiry was not stored");
    }
  }

  it("deleting the account deletes the contact messages and enquiries sent from its address, with their mails", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    await createSignedInUser(db(), { email: "bo@example.se" });
    // The forms keep the address as typed: any case is the account's.
    await sendMessagesFrom("Anna@Example.se", "bo@example.se");
    const mailsAbout = async (email: string) =>
      (await db().select({ to: emailOutbox.toAddress, replyTo: emailOutbox.replyTo }).from(emailOutbox)).filter(
        (mail) => mail.to.toLowerCase() === email || mail.replyTo?.toLowerCase() === email,
      );
    expect(await mailsAbout("anna@example.se")).toHaveLength(4);

    expect((await post({ intent: "delete-account", currentPassword: anna.password }, anna.cookie)).status).toBe(302);

    expect((await db().select({ email: contactMessages.email }).from(contactMessages)).map((row) => row.email)).toEqual(["bo@example.se"]);
    expect((await db().select({ email: enquiries.email }).from(enquiries)).map((row) => row.email)).toEqual(["bo@example.se"]);
    expect(await mailsAbout("anna@example.se")).toHaveLength(0);
    expect(await mailsAbout("bo@example.se")).toHaveLength(4);
  });

  it("the last administrator who can sign in cannot delete their account; one of two can", async () => {
    await useAppAuthForTests(handle());
    const first = await createSignedInUser(db(), { email: "first@example.se", role: "admin" });
    const refused = await post({ intent: "delete-account", currentPassword: first.password }, first.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ intent: "delete-account", failure: LAST_ADMIN_MESSAGE });
    expect(await db().select().from(user)).toHaveLength(1);

    // A suspended administrator cannot run the backoffice: still the last one.
    const second = await createSignedInUser(db(), { email: "second@example.se", role: "admin" });
    await db().update(user).set({ banned: true }).where(eq(user.id, second.id));
    expect((await post({ intent: "delete-account", currentPassword: first.password }, first.cookie)).status).toBe(409);

    await db().update(user).set({ banned: false }).where(eq(user.id, second.id));
    expect((await post({ intent: "delete-account", currentPassword: first.password }, first.cookie)).status).toBe(302);
    expect((await db().select({ email: user.email }).from(user)).map((row) => row.email)).toEqual(["second@example.se"]);
    expect((await post({ intent: "delete-account", currentPassword: second.password }, second.cookie)).status).toBe(409);
  });

  it("makes, replaces and revokes the watch list's feed address, each for its own account, leaving the calendar's alone", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const bo = await createSignedInUser(db(), { email: "bo@example.se" });
    await createWatchFeed(db(), bo.id);
    const calendar = await createCalendarFeed(db(), anna.id);
    const address = async () => {
      const page = await callRoute(loader as never, siteRequest("/account?tab=bookmarks", { cookie: anna.cookie }));
      return (page.body as { watchFeedUrl: string | null }).watchFeedUrl;
    };
    const tokenOf = async (userId: string) => (await db().select().from(watchFeeds).where(eq(watchFeeds.userId, userId)))[0]?.token;
    expect(await address()).toBeNull();

    const made = await post({ intent: "create-watch-feed" }, anna.cookie);
    expect(made).toMatchObject({ status: 302, location: "/account?tab=bookmarks" });
    const first = await tokenOf(anna.id);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await address()).toBe(`${TEST_SITE_URL}/feeds/watch/${first}.atom`);
    await post({ intent: "create-watch-feed" }, anna.cookie);
    expect(await tokenOf(anna.id)).not.toBe(first);

    await post({ intent: "revoke-watch-feed" }, anna.cookie);
    expect(await tokenOf(anna.id)).toBeUndefined();
    expect(await address()).toBeNull();
    expect(await tokenOf(bo.id)).toBeDefined();
    expect((await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, anna.id)))[0]?.token).toBe(calendar.token);
  });

  it("downloads everything kept for the account as a JSON file, without the password or the calendar's secret", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    await createSignedInUser(db(), { email: "bo@example.se" });
    const domain = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    await db()
      .insert(bookmarks)
      .values({ userId: anna.id, domainName: domain.name, createdAt: new Date("2030-01-02T00:00:00Z") });
    // A name on no list is part of the download too.
    await db()
      .insert(bookmarks)
      .values({ userId: anna.id, domainName: "xn--blbr-noae.nu", createdAt: new Date("2030-01-01T00:00:00Z") });
    const feed = await createCalendarFeed(db(), anna.id);
    const watchFeed = await createWatchFeed(db(), anna.id);
    const saved = await saveSearch(db(), anna.id, { name: "Korta .se", list: "available", search: "tld=se&max=4" });
    if (!saved.ok) throw new Error("the search was not saved");

    const visitor = await callRoute(exportAction as never, siteRequest("/account/export", { form: {} }));
    expect(visitor.status).toBe(401);

    const download = await callRoute(
      exportAction as never,
      siteRequest("/account/export", { form: {}, cookie: anna.cookie }),
      {},
      { readBody: true },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="mina-uppgifter-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    const text = download.body as string;
    const exported = JSON.parse(text) as AccountExport;
    expect(exported.account).toMatchObject({ email: "anna@example.se", emailConfirmed: true, administrator: false });
    // The watch state appended to each entry (decision 0082): on the list, since no listing is recorded; unknown without a zone.
    expect(exported.bookmarks).toEqual([
      {
        domain: "räksmörgås.se",
        status: "soonavailable",
        releaseDate: "2030-05-01",
        addedAt: "2030-01-02T00:00:00.000Z",
        watchState: "on_list",
        watchStateLabel: "Släpps snart",
        watchStateSince: null,
        watchStateReleaseDate: "2030-05-01",
        watchStateOperator: null,
      },
      {
        domain: "blåbär.nu",
        status: "unknown",
        releaseDate: null,
        addedAt: "2030-01-01T00:00:00.000Z",
        watchState: "unknown",
        watchStateLabel: "Okänd status",
        watchStateSince: null,
        watchStateReleaseDate: null,
        watchStateOperator: null,
      },
    ]);
    expect(exported.calendarFeed).toEqual({ active: true, createdAt: feed.createdAt.toISOString() });
    expect(exported.watchFeed).toEqual({ active: true, createdAt: watchFeed.createdAt.toISOString() });
    expect(exported.savedSearches).toEqual([
      {
        name: "Korta .se",
        address: `${TEST_SITE_URL}/available?tld=se&max=4`,
        createdAt: saved.search.createdAt.toISOString(),
        lastVisitedAt: saved.search.lastVisitedAt.toISOString(),
        feeds: {
          atom: `${TEST_SITE_URL}/feeds/saved/${saved.search.feedToken}.atom`,
          calendar: `${TEST_SITE_URL}/feeds/saved/${saved.search.feedToken}.ics`,
        },
      },
    ]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.contactMessages).toEqual([]);
    expect(exported.enquiries).toEqual([]);
    expect(text).not.toContain("bo@example.se");
    expect(text).not.toContain(feed.token);
    expect(text).not.toContain(watchFeed.token);
    const [credential] = await db().select({ password: account.password }).from(account).where(eq(account.userId, anna.id));
    expect(text).not.toContain(credential.password!);
  });

  it("the data download lists the contact messages and enquiries sent from the account's address, and nobody else's", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    await sendMessagesFrom("ANNA@example.se", "bo@example.se");
    const download = await callRoute(
      exportAction as never,
      siteRequest("/account/export", { form: {}, cookie: anna.cookie }),
      {},
      { readBody: true },
    );
    const text = download.body as string;
    const exported = JSON.parse(text) as AccountExport;
    expect(exported.contactMessages).toEqual([
      {
        name: "Bertil Berg",
        email: "ANNA@example.se",
        subject: "Fråga från ANNA@example.se",
        message: "Hur ofta uppdateras listorna?",
        ipAddress: "192.0.2.7",
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(exported.enquiries).toEqual([
      {
        domain: "räksmörgåsbord.se",
        name: "Anna Andersson",
        email: "ANNA@example.se",
        phone: "+46 70 123 45 67",
        message: "Hej! Jag är intresserad av domänen. Vad kostar den?",
        ipAddress: null,
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(text).not.toContain("bo@example.se");
  });
});
