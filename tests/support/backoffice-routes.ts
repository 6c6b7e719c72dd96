// The backoffice's route tests (app/routes/admin/*.server.test.ts) call its
// loaders and actions straight, as the server would: these build the people
// and requests they need and read the answers.
import { expect } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createDomains } from "~tests/factories/domains";
import { createSignedInUser, siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { callRoute, describeOutcome } from "~tests/security/support/call-route";
import { databaseFingerprint } from "~tests/security/support/fingerprint";

type RouteFunction = (args: never) => unknown;

/** hund.se (available), katt.nu (premium), a plain user, an administrator and the first import configuration. */
export async function setUpBackoffice(handle: DatabaseHandle) {
  await useAppAuthForTests(handle);
  const db = handle.db;
  await createDomains(db, [
    { name: "hund.se", status: "available", isFeatured: false },
    { name: "katt.nu", status: "premium", price: 5000 },
  ]);
  const user = await createSignedInUser(db, { email: "user@example.se" });
  const admin = await createSignedInUser(db, { email: "admin@example.se", role: "admin" });
  const [config] = await handle.query<{ id: number }>("select id from tld_imports order by id limit 1");
  return { user, admin, configId: String(config.id) };
}

/** A backoffice page's loader, asked by the holder of `cookie` (a visitor without one). */
export function loadAs(loader: RouteFunction, path: string, cookie?: string, params: Record<string, string> = {}) {
  return callRoute(loader, siteRequest(path, { cookie }), params);
}

/** A form posted to a tab's action by the holder of `cookie`: the answer's fields and its HTTP status. */
export async function postAs(action: RouteFunction, path: string, cookie: string, form: Record<string, string>) {
  const outcome = await callRoute(action, siteRequest(path, { form, cookie }));
  return { ...(outcome.body as Record<string, unknown>), status: outcome.status };
}

/** A multipart post of `file` to the TLD Imports tab, as its upload button sends it. */
export function uploadRequest(
  cookie: string | undefined,
  file: File,
  configId: string,
  origin = TEST_SITE_URL,
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  body.set("intent", "upload-import");
  body.set("configId", configId);
  body.set("file", file);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const headers = new Headers({ origin });
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL("/admin/imports", TEST_SITE_URL), { method: "POST", headers, body });
}

/**
 * The page's loader sends visitors and users to the home page; every form of
 * `forms` is refused with 401 for visitors and 403 for users and for an
 * administrator posting from another site — and nothing changes.
 */
export async function expectAdminsOnly(
  handle: DatabaseHandle,
  route: { loader: RouteFunction; action: RouteFunction; path: string },
  people: { userCookie: string; adminCookie: string },
  forms: Record<string, string>[],
) {
  for (const cookie of [undefined, people.userCookie]) {
    const page = await loadAs(route.loader, route.path, cookie);
    expect(describeOutcome(page)).toBe("302 → /");
  }
  const before = await databaseFingerprint(handle);
  const answers = [];
  for (const form of forms) {
    const post = (cookie?: string, origin?: string) =>
      callRoute(route.action, siteRequest(route.path, { form, cookie, headers: origin ? { origin } : {} }));
    const [visitor, user, forged] = [await post(), await post(people.userCookie), await post(people.adminCookie, "https://evil.example")];
    answers.push([form.intent, visitor.status, user.status, forged.status]);
  }
  expect(answers).toEqual(forms.map((form) => [form.intent, 401, 403, 403]));
  expect(await databaseFingerprint(handle), "a refused request changed the database").toBe(before);
}
