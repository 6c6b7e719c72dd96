import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { WATCH_IMPORT_MAX_BYTES } from "~/domain/watch-import";
import { bookmarks } from "~/server/db/schema/index.server";
import { admitRequestBody, REQUEST_BODY_LIMIT_BYTES, WATCH_IMPORT_BODY_LIMIT_BYTES } from "~/server/http/request-body.server";
import { resetRateLimitsForTests } from "~/server/rate-limit.server";
import { createSignedInUser, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./watch-import";

const PATH = "/account/watches/import";

/** A multipart post of the page's form, as a browser sends it. */
function post(fields: Record<string, string | File>, options: { cookie?: string; origin?: string } = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const headers = new Headers({ origin: options.origin ?? TEST_SITE_URL });
  if (options.cookie) headers.set("cookie", options.cookie);
  return new Request(new URL(PATH, TEST_SITE_URL), { method: "POST", headers, body: form });
}

type Body = { step: "edit" | "preview"; text: string; error?: string | null; fileError?: string | null; notice?: string | null; preview?: { fingerprint: string; plan: Record<string, { line: number }[]> } };

describeEachEngine("/account/watches/import", ({ handle }) => {
  const db = () => handle().db;
  const watchedBy = async (userId: string) =>
    (await db().select({ name: bookmarks.domainName }).from(bookmarks).where(eq(bookmarks.userId, userId))).map((row) => row.name).sort();
  beforeEach(() => resetRateLimitsForTests());

  it("is for signed-in users from this site only", async () => {
    await useAppAuthForTests(handle());
    const page = await callRoute(loader as never, new Request(new URL(PATH, TEST_SITE_URL)));
    expect(page.location).toBe(`/auth?redirectTo=${encodeURIComponent(PATH)}`);
    const signedOut = await callRoute(action as never, post({ intent: "preview", text: "hund.se" }));
    expect(signedOut.status).toBe(401);
    const anna = await createSignedInUser(db());
    const foreign = await callRoute(action as never, post({ intent: "save", text: "hund.se" }, { cookie: anna.cookie, origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    expect(await watchedBy(anna.id)).toEqual([]);
  });

  it("previews a pasted list, goes back to edit with the text kept, then saves it and says so", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    // A form sends its lines with CRLF, as a browser does.
    const text = "hund.se\r\nkatt.com\r\nräksmörgås.se\r\nhund.se\r\n";
    const preview = await callRoute(action as never, post({ intent: "preview", text }, { cookie: anna.cookie }));
    const body = preview.body as Body;
    expect(body.step).toBe("preview");
    expect(body.text).toBe(text);
    expect(body.preview?.plan.toAdd.map((name) => name.line)).toEqual([1, 3]);
    expect(body.preview?.plan.refused.map((line) => line.line)).toEqual([2, 4]);
    expect(await watchedBy(anna.id)).toEqual([]);

    const edit = await callRoute(action as never, post({ intent: "edit", text }, { cookie: anna.cookie }));
    expect(edit.body).toEqual({ step: "edit", text, error: null, fileError: null });

    const saved = await callRoute(action as never, post({ intent: "save", text, fingerprint: body.preview!.fingerprint }, { cookie: anna.cookie }));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/account?tab=bookmarks");
    expect(saved.headers.get("set-cookie")).toContain("toast");
    expect(await watchedBy(anna.id)).toEqual(["hund.se", "xn--rksmrgs-5wao1o.se"]);
  });

  it("saves nothing without the preview's print, and shows the list checked again", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    const answer = await callRoute(action as never, post({ intent: "save", text: "hund.se", fingerprint: "forged" }, { cookie: anna.cookie }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ step: "preview", notice: expect.stringContaining("inget sparades") });
    expect(await watchedBy(anna.id)).toEqual([]);
  });

  it("reads an uploaded CSV (UTF-8 or Excel's Windows-1252) and refuses a file too large or not text, in Swedish", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    const upload = (file: File) => callRoute(action as never, post({ intent: "preview", text: "", file }, { cookie: anna.cookie }));

    const utf8 = await upload(new File(["\uFEFFDomän;pris\r\nräksmörgås.se;1\r\nhund.dk;2\r\n"], "lista.csv", { type: "text/csv" }));
    expect((utf8.body as Body).preview?.plan.toAdd).toEqual([{ line: 2, ace: "xn--rksmrgs-5wao1o.se", unicode: "räksmörgås.se" }]);
    expect((utf8.body as Body).preview?.plan.refused.map((line) => line.line)).toEqual([3]);
    // "häst.se" in Windows-1252: ä is the single byte 0xE4.
    const latin = await upload(new File([new Uint8Array([0x68, 0xe4, 0x73, 0x74, 0x2e, 0x73, 0x65])], "lista.txt"));
    expect((latin.body as Body).text).toBe("häst.se");

    const large = await upload(new File(["a".repeat(WATCH_IMPORT_MAX_BYTES + 1)], "stor.txt"));
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({ step: "edit", fileError: "Filen är för stor. Högst 512 kB åt gången – dela upp listan." });
    const binary = await upload(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])], "lista.xlsx"));
    expect(binary.body).toMatchObject({ step: "edit", fileError: expect.stringContaining("inte en textfil") });
    const empty = await callRoute(action as never, post({ intent: "preview", text: "  \n" }, { cookie: anna.cookie }));
    expect(empty.body).toMatchObject({ step: "edit", error: "Klistra in en lista eller välj en fil med en domän per rad." });
  });

  it("lets a signed-in user's list through the front's body limit, and no one else's", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db());
    const admit = (cookie?: string, length = WATCH_IMPORT_BODY_LIMIT_BYTES) =>
      admitRequestBody(
        new Request(new URL(`${PATH}.data`, TEST_SITE_URL), {
          method: "POST",
          headers: { origin: TEST_SITE_URL, "content-length": String(length), ...(cookie ? { cookie } : {}) },
        }),
      );
    expect(await admit(anna.cookie)).toEqual({ ok: true, limitBytes: WATCH_IMPORT_BODY_LIMIT_BYTES });
    expect((await admit(anna.cookie, WATCH_IMPORT_BODY_LIMIT_BYTES + 1)).ok).toBe(false);
    expect((await admit(undefined, REQUEST_BODY_LIMIT_BYTES + 1)).ok).toBe(false);
  });
});
