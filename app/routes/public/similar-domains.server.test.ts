import { expect, it } from "vitest";
import { SIMILAR_FETCH_FAILED } from "~/components/domain-detail/similar-domains";
import type { SimilarDomainsData } from "~/domain/domain-page";
import { INVALID_NAME, MISSING_NAME, UNSUPPORTED_TLD } from "~/lib/domain-name-param";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/services.server";
import { insertDomain } from "~tests/factories/domain-detail";
import { appContextForTests, createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { clientLoader, loader } from "./similar-domains";

/** The loader's answer: its data, a redirect or a `data()` error, as callRoute reads any of them. */
const call = (request: Request, domainName: string | undefined) =>
  callRoute(loader as (args: never) => unknown, request, domainName === undefined ? {} : { domainName });

describeEachEngine("/d/:domainName/liknande", ({ handle }) => {
  it("lists the names close to this one that can be had, with the user's bookmarks among them", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await insertDomain(db, "hund.se");
    await insertDomain(db, "hundar.se", { status: "available" });
    await insertDomain(db, "hundis.nu", { status: "soonavailable", releaseDate: "2099-01-01" });
    await insertDomain(db, "hundarna.se", { status: "registered" });
    const user = await createSignedInUser(db, { role: "user" });
    await handle().query("insert into bookmarks (user_id, domain_name) values ($1, 'hundar.se')", [user.id]);

    const visitor = await call(siteRequest("/d/hund.se/liknande"), "hund.se");
    const names = (visitor.body as SimilarDomainsData).similar.map((domain) => domain.name);
    expect(names).toEqual(expect.arrayContaining(["hundar.se", "hundis.nu"]));
    expect(names).not.toContain("hund.se");
    expect(names).not.toContain("hundarna.se");
    expect(visitor.body).toMatchObject({ name: { ace: "hund.se", unicode: "hund.se" }, signedIn: false, bookmarkedNames: [] });

    const signedIn = await call(siteRequest("/d/hund.se/liknande", { cookie: user.cookie }), "hund.se");
    expect(signedIn.body).toMatchObject({ signedIn: true, bookmarkedNames: ["hundar.se"] });
  });

  it("moves other spellings to the name's one URL, and answers bad names with a Swedish 400", async () => {
    await useAppAuthForTests(handle());
    const moved = await call(siteRequest("/d/x/liknande"), "RÄKSMÖRGÅS.SE");
    expect(moved).toMatchObject({ status: 301, location: "/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se/liknande" });
    const cases: [string | undefined, string][] = [
      [undefined, MISSING_NAME],
      ["<script>alert(1)</script>.se", INVALID_NAME],
      ["exempel.com", UNSUPPORTED_TLD],
    ];
    for (const [name, message] of cases) {
      expect(await call(siteRequest("/d/x/liknande"), name)).toMatchObject({ status: 400, thrown: true, body: message });
    }
  });

  it(`says "${SIMILAR_FETCH_FAILED}" with a 503 when the database fails, which the page's section gets as null`, async () => {
    await useAppAuthForTests(handle());
    const broken = new Proxy({} as DatabaseHandle, {
      get() {
        throw new Error("database is down");
      },
    });
    useDatabaseForTests(broken);
    expect(await call(siteRequest("/d/hund.se/liknande"), "hund.se")).toMatchObject({ status: 503, thrown: true, body: SIMILAR_FETCH_FAILED });
    const inBrowser = await clientLoader({ serverLoader: () => loader({ request: siteRequest("/d/hund.se/liknande"), params: { domainName: "hund.se" }, context: appContextForTests() } as never) } as never);
    expect(inBrowser).toBeNull();
  });
});
