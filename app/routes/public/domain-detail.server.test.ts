import { expect, it } from "vitest";
import { useDatabaseForTests } from "~/server/services.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { findDomainEvents } from "~/server/domains/events.server";
import { getDomainDetail } from "~/server/domains/detail.server";
import { insertDomain } from "~tests/factories/domain-detail";
import { appContextForTests, createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { insertZone } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { domainPageMeta } from "~/components/domain-detail/domain-meta";
import { action, FETCH_FAILED, INVALID_NAME, loader, MISSING_NAME, UNSUPPORTED_TLD } from "./domain-detail";

type Thrown = { data: unknown; init: ResponseInit | null };

/** Runs a loader/action; redirects and 4xx/5xx data are thrown as values, so they are returned here. */
async function call(fn: (args: never) => unknown, request: Request, domainName: string | undefined) {
  try {
    return { returned: await fn({ request, params: { domainName }, context: appContextForTests() } as never) };
  } catch (thrown) {
    return { thrown: thrown as Response | Thrown };
  }
}

const statusOf = (value: unknown) => (value instanceof Response ? value.status : ((value as Thrown).init?.status ?? 200));

describeEachEngine("/d/:domainName", ({ handle }) => {
  async function highlight(cookie: string | undefined, featured: "true" | "false", name = "hund.se") {
    return call(action, siteRequest(`/d/${name}`, { cookie, form: { intent: "highlight", featured } }), name);
  }

  it("lets only an admin change the highlight, and records it", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await insertDomain(db, "hund.se", { isFeatured: false });
    const member = await createSignedInUser(db, { role: "user" });
    const admin = await createSignedInUser(db, { role: "admin" });

    const visitor = await highlight(undefined, "true");
    expect(statusOf(visitor.thrown)).toBe(401);
    const user = await highlight(member.cookie, "true");
    expect(statusOf(user.thrown)).toBe(403);
    expect((await getDomainDetail(db, "hund.se"))?.isFeatured).toBe(false);
    expect(await findDomainEvents(db, "hund.se")).toEqual([]);

    const done = await highlight(admin.cookie, "true");
    expect(done.returned).toEqual({ ok: true, featured: true });
    expect((await getDomainDetail(db, "hund.se"))?.isFeatured).toBe(true);
    expect((await findDomainEvents(db, "hund.se")).map((event) => event.type)).toEqual(["featured"]);

    const undone = await highlight(admin.cookie, "false");
    expect(undone.returned).toEqual({ ok: true, featured: false });
    expect((await getDomainDetail(db, "hund.se"))?.isFeatured).toBe(false);
  });

  it("refuses a bad highlight request from an admin without changing anything", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await insertDomain(db, "hund.se", { isFeatured: false });
    const admin = await createSignedInUser(db, { role: "admin" });

    const bad = await call(
      action,
      siteRequest("/d/hund.se", { cookie: admin.cookie, form: { intent: "highlight", featured: "yes" } }),
      "hund.se",
    );
    expect(statusOf(bad.returned)).toBe(400);
    const missing = await highlight(admin.cookie, "true", "finnsinte.se");
    expect(statusOf(missing.returned)).toBe(404);
    const foreign = await call(
      action,
      siteRequest("/d/hund.se", {
        cookie: admin.cookie,
        form: { intent: "highlight", featured: "true" },
        headers: { origin: "https://evil.example" },
      }),
      "hund.se",
    );
    expect(statusOf(foreign.thrown)).toBe(403);
    expect((await getDomainDetail(db, "hund.se"))?.isFeatured).toBe(false);
  });

  it("answers bad names with a Swedish 400, never a 500", async () => {
    await useAppAuthForTests(handle());
    const cases: [string | undefined, string][] = [
      [undefined, MISSING_NAME],
      ["", MISSING_NAME],
      ["a".repeat(10_000) + ".se", INVALID_NAME],
      ["<script>alert(1)</script>.se", INVALID_NAME],
      ["a..se", INVALID_NAME],
      ["-a.se", INVALID_NAME],
      ["\u0000", INVALID_NAME],
      ["😀.se", INVALID_NAME],
      ["exempel.com", UNSUPPORTED_TLD],
    ];
    for (const [name, message] of cases) {
      const result = await call(loader, siteRequest(`/d/x`), name);
      expect(statusOf(result.thrown), String(name).slice(0, 40)).toBe(400);
      expect((result.thrown as Thrown).data).toBe(message);
    }
  });

  it("moves other spellings of a name to its one Unicode, lower-case URL", async () => {
    await useAppAuthForTests(handle());
    for (const spelling of ["xn--rksmrgs-5wao1o.se", "RÄKSMÖRGÅS.SE", "XN--RKSMRGS-5WAO1O.se", "räksmörgås.se."]) {
      const result = await call(loader, siteRequest("/d/x"), spelling);
      const response = result.thrown as Response;
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se");
    }
  });

  it("shows a valid name the database does not know as unknown, with its length and TLD", async () => {
    await useAppAuthForTests(handle());
    const result = await call(loader, siteRequest("/d/okänd.nu"), "okänd.nu");
    expect(result.returned).toMatchObject({
      name: { ace: "xn--oknd-moa.nu", unicode: "okänd.nu", tld: ".nu", length: 5 },
      domain: null,
      status: "unknown",
      events: [],
      viewer: { signedIn: false, isAdmin: false },
    });
  });

  it("shows a registered name on no list with what the zone says of it, kept out of the index; nothing of the zone without a snapshot", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    const at = new Date("2026-12-03T06:00:00Z");
    await insertZone(db, ".se", at, [{ name: "zonnamn.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] }]);

    const result = await call(loader, siteRequest("/d/zonnamn.se"), "zonnamn.se");
    const page = result.returned as Awaited<ReturnType<typeof loader>>;
    expect(page).toMatchObject({
      domain: null,
      status: "unknown",
      zone: {
        delegated: true,
        since: at.toISOString(),
        sinceIsFirstSnapshot: true,
        nameServers: ["ns1.loopia.se", "ns2.loopia.se"],
        operator: { name: "Loopia", fromTable: true },
      },
    });
    expect(domainPageMeta(undefined, page)).toContainEqual({ name: "robots", content: "noindex" });

    const free = await call(loader, siteRequest("/d/ledigt.se"), "ledigt.se");
    expect(free.returned).toMatchObject({ status: "unknown", zone: { delegated: false, lastChange: null } });
    const noSnapshot = await call(loader, siteRequest("/d/zonnamn.nu"), "zonnamn.nu");
    expect(noSnapshot.returned).toMatchObject({ status: "unknown", zone: null });
    const invalid = await call(loader, siteRequest("/d/x"), "zon..se");
    expect(statusOf(invalid.thrown)).toBe(400);
  });

  it("gives a listed name the zone's facts too", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await insertDomain(db, "hund.se", { status: "registered" });
    const at = new Date("2026-12-03T06:00:00Z");
    await insertZone(db, ".se", at, [{ name: "hund.se", nameServers: ["ns.example.se"] }]);
    const result = await call(loader, siteRequest("/d/hund.se"), "hund.se");
    expect(result.returned).toMatchObject({
      status: "registered",
      zone: { delegated: true, operator: { name: "example.se", fromTable: false } },
    });
  });

  it("shows a soon-available name whose release time has passed as available", async () => {
    await useAppAuthForTests(handle());
    await insertDomain(handle().db, "släppt.se", { status: "soonavailable", releaseDate: "2020-01-01" });
    const result = await call(loader, siteRequest("/d/släppt.se"), "släppt.se");
    expect(result.returned).toMatchObject({ status: "available", domain: { status: "soonavailable", releaseDate: "2020-01-01" } });
  });

  it("tells the admin viewer apart, and which names the user has bookmarked", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await insertDomain(db, "hund.se");
    const admin = await createSignedInUser(db, { role: "admin" });
    await handle().query("insert into bookmarks (user_id, domain_name) values ($1, 'hund.se')", [admin.id]);
    const result = await call(loader, siteRequest("/d/hund.se", { cookie: admin.cookie }), "hund.se");
    expect(result.returned).toMatchObject({ viewer: { signedIn: true, isAdmin: true }, bookmarkedNames: ["hund.se"] });
    // A name on no list can be watched too, and its page says so.
    await handle().query("insert into bookmarks (user_id, domain_name) values ($1, 'xn--blbr-noae.nu')", [admin.id]);
    const unlisted = await call(loader, siteRequest("/d/blåbär.nu", { cookie: admin.cookie }), "blåbär.nu");
    expect(unlisted.returned).toMatchObject({ domain: null, status: "unknown", bookmarkedNames: ["xn--blbr-noae.nu"] });
  });

  it('says "Kunde inte hämta domäninformation." with a 503 when the database fails', async () => {
    await useAppAuthForTests(handle());
    const broken = new Proxy({} as DatabaseHandle, {
      get() {
        throw new Error("database is down");
      },
    });
    useDatabaseForTests(broken);
    const result = await call(loader, siteRequest("/d/hund.se"), "hund.se");
    expect(statusOf(result.thrown)).toBe(503);
    expect((result.thrown as Thrown).data).toBe(FETCH_FAILED);
  });
});
