import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createSignedInUser, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { admitRequestBody, countedBody, importUploadLimitBytes, REQUEST_BODY_LIMIT_BYTES, RequestBodyTooLargeError } from "./request-body.server";

/** A source of `count` chunks of `size` bytes that records how many were taken from it. */
function chunkSource(count: number, size: number) {
  const taken = { chunks: 0 };
  const source = Readable.from(
    (function* () {
      for (let index = 0; index < count; index++) {
        taken.chunks++;
        yield Buffer.alloc(size, 97);
      }
    })(),
  );
  return { source, taken };
}

describe("countedBody", () => {
  it("passes a body within the limit through whole", async () => {
    const { source } = chunkSource(4, 1000);
    let tooLarge = false;
    const body = countedBody(source, () => 4000, () => (tooLarge = true));
    expect(await new Response(body).text()).toBe("a".repeat(4000));
    expect(tooLarge).toBe(false);
  });

  it("fails the reader once the body passes the limit, and drops the rest as it arrives", async () => {
    const { source } = chunkSource(1000, 1000);
    let tooLarge = false;
    const body = countedBody(source, () => 2500, () => (tooLarge = true));
    const reader = body.getReader();
    const delivered: number[] = [];
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          delivered.push(value.byteLength);
        }
      })(),
    ).rejects.toBeInstanceOf(RequestBodyTooLargeError);
    expect(tooLarge).toBe(true);
    // The third chunk passed the limit and was not handed on; nothing keeps the rest.
    expect(delivered).toEqual([1000, 1000]);
    expect(source.listenerCount("data")).toBe(0);
    expect(source.readableFlowing).toBe(true);
  });

  it("takes nothing from the connection before the app reads", async () => {
    const { source, taken } = chunkSource(10, 1000);
    countedBody(source, () => 1_000_000, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken.chunks).toBe(0);
  });
});

describeEachEngine("admitRequestBody", ({ handle }) => {
  const post = (path: string, headers: Record<string, string>) => new Request(new URL(path, TEST_SITE_URL), { method: "POST", headers });

  it("refuses another site's post with 403 and a declared length over 64 KB with 413, in Swedish", async () => {
    await useAppAuthForTests(handle());
    const foreign = await admitRequestBody(post("/api/bookmarks", { origin: "https://evil.example", accept: "application/json" }));
    expect(foreign.ok).toBe(false);
    if (!foreign.ok) {
      expect(foreign.response.status).toBe(403);
      expect(await foreign.response.json()).toEqual({ ok: false, error: "Förfrågan kom inte från den här webbplatsen." });
    }
    const withoutOrigin = await admitRequestBody(post("/contact", {}));
    expect(withoutOrigin.ok || withoutOrigin.response.status).toBe(403);

    const large = await admitRequestBody(post("/contact", { origin: TEST_SITE_URL, "content-length": String(REQUEST_BODY_LIMIT_BYTES + 1) }));
    expect(large.ok).toBe(false);
    if (!large.ok) {
      expect(large.response.status).toBe(413);
      expect(large.response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await large.response.text()).toContain("för stort");
    }
    expect(await admitRequestBody(post("/contact", { origin: TEST_SITE_URL, "content-length": String(REQUEST_BODY_LIMIT_BYTES) }))).toEqual({
      ok: true,
      limitBytes: REQUEST_BODY_LIMIT_BYTES,
    });
  });

  it("gives the list upload's larger limit to a signed-in administrator's multipart post to the backoffice only", async () => {
    await useAppAuthForTests(handle());
    const admin = await createSignedInUser(handle().db, { role: "admin" });
    const user = await createSignedInUser(handle().db);
    const upload = (path: string, cookie: string, type = "multipart/form-data; boundary=x") =>
      admitRequestBody(post(path, { origin: TEST_SITE_URL, cookie, "content-type": type, "content-length": String(1024 * 1024) }));
    for (const path of ["/admin/imports", "/admin/imports.data"]) {
      expect(await upload(path, admin.cookie), path).toEqual({ ok: true, limitBytes: importUploadLimitBytes() + REQUEST_BODY_LIMIT_BYTES });
    }
    // The other tabs take no list, nor do the old single page's addresses.
    for (const path of ["/admin", "/admin.data", "/backoffice", "/admin/premium.data", "/admin/imports/x"]) {
      expect((await upload(path, admin.cookie)).ok, path).toBe(false);
    }
    expect((await upload("/admin/imports.data", user.cookie)).ok).toBe(false);
    expect((await upload("/admin/imports.data", admin.cookie, "application/x-www-form-urlencoded")).ok).toBe(false);
    expect((await upload("/api/bookmarks", admin.cookie)).ok).toBe(false);
  });
});
