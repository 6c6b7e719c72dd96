import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { loader as calendarLoader } from "~/routes/api/calendar";
import { action as authAction } from "~/routes/public/auth";
import { action as accountAction } from "~/routes/account/account";
import { CREDENTIAL_MESSAGES } from "~/domain/credentials";
import { listUsers } from "~/server/admin/list-users.server";
import { setUserSuspended } from "~/server/admin/suspend-user.server";
import { getOptionalUser } from "~/server/auth/session.server";
import { createCalendarFeed } from "~/server/bookmarks/calendar-feed.server";
import { bookmarks, session, user } from "~/server/db/schema/index.server";
import { createDomain } from "~tests/factories/domains";
import { createSignedInUser, signIn, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";

describeEachEngine("suspending a user", ({ handle }) => {
  const db = () => handle().db;
  const login = (email: string, password: string) => callRoute(authAction as never, siteRequest("/auth", { form: { intent: "login", email, password } }));
  const feed = (token: string) => callRoute(calendarLoader as never, siteRequest(`/calendar/${token}.ics`), { file: `${token}.ics` });

  it("ends every session at once, refuses sign-in with a Swedish message, silences the feed; unsuspending restores all", async () => {
    await useAppAuthForTests(handle());
    const admin = await createSignedInUser(db(), { email: "admin@example.se", role: "admin" });
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const phone = await signIn(db(), anna);
    const domain = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    await db().insert(bookmarks).values({ userId: anna.id, domainName: domain.name });
    const { token } = await createCalendarFeed(db(), anna.id);
    expect((await feed(token)).status).toBe(200);

    expect(await setUserSuspended(db(), anna.id, true, admin)).toEqual({ ok: true, changed: true });
    expect(await db().select().from(session).where(eq(session.userId, anna.id))).toHaveLength(0);
    expect(await getOptionalUser(siteRequest("/", { cookie: anna.cookie }))).toBeNull();
    expect(await getOptionalUser(siteRequest("/", { cookie: phone }))).toBeNull();
    expect((await callRoute(accountAction as never, siteRequest("/account", { form: { intent: "create-feed" }, cookie: anna.cookie }))).status).toBe(401);

    // The right password is told the account is suspended; a wrong one learns nothing.
    const refused = await login(anna.email, anna.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ failure: { title: "Inloggning misslyckades", message: CREDENTIAL_MESSAGES.accountSuspended } });
    expect((await login(anna.email, "fel-lösen-1")).body).toMatchObject({ failure: { message: "Fel e-postadress eller lösenord." } });
    expect(await db().select().from(session).where(eq(session.userId, anna.id))).toHaveLength(0);
    expect((await feed(token)).status).toBe(404);

    const [row] = await db().select().from(user).where(eq(user.id, anna.id));
    expect(row).toMatchObject({ banned: true, bannedBy: admin.id });
    expect(row.bannedAt).toBeInstanceOf(Date);
    const listed = (await listUsers(db(), { page: 1 })).users.find((entry) => entry.id === anna.id);
    expect(listed).toMatchObject({ suspended: true, suspendedBy: "admin@example.se" });

    expect(await setUserSuspended(db(), anna.id, true, admin)).toEqual({ ok: true, changed: false });
    expect(await setUserSuspended(db(), anna.id, false, admin)).toEqual({ ok: true, changed: true });
    expect((await login(anna.email, anna.password)).status).toBe(302);
    expect((await feed(token)).status).toBe(200);
    expect(await db().select().from(bookmarks).where(eq(bookmarks.userId, anna.id))).toHaveLength(1);
    const [restored] = await db().select().from(user).where(eq(user.id, anna.id));
    expect(restored).toMatchObject({ banned: false, banReason: null, bannedAt: null, bannedBy: null });
  });

  it("an administrator cannot suspend themself, and an unknown user is reported", async () => {
    await useAppAuthForTests(handle());
    const admin = await createSignedInUser(db(), { email: "admin@example.se", role: "admin" });
    expect(await setUserSuspended(db(), admin.id, true, admin)).toEqual({ ok: false, reason: "own-account" });
    expect(await getOptionalUser(siteRequest("/", { cookie: admin.cookie }))).toMatchObject({ isAdmin: true });
    expect(await setUserSuspended(db(), "missing", true, admin)).toEqual({ ok: false, reason: "not-found" });
  });

  it("keeps the suspension when the administrator who made it deletes their account", async () => {
    await useAppAuthForTests(handle());
    const first = await createSignedInUser(db(), { email: "first@example.se", role: "admin" });
    await createSignedInUser(db(), { email: "second@example.se", role: "admin" });
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    await setUserSuspended(db(), anna.id, true, first);
    const deleted = await callRoute(accountAction as never, siteRequest("/account", { form: { intent: "delete-account", currentPassword: first.password }, cookie: first.cookie }));
    expect(deleted.status).toBe(302);
    const listed = (await listUsers(db(), { page: 1 })).users.find((entry) => entry.id === anna.id);
    expect(listed).toMatchObject({ suspended: true, suspendedBy: null });
    expect(listed?.suspendedAt).toBeInstanceOf(Date);
  });
});
