import { expect, it } from "vitest";
import { SIMILAR_FETCH_FAILED } from "~/components/domain-detail/similar-domains";
import { INVALID_NAME, MISSING_NAME, UNSUPPORTED_TLD } from "~/lib/domain-name-param";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/services.server";
import { insertDomain } from "~tests/factories/domain-detail";
import { appContextForTests, createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { clientLoader, loader } from "./similar-domains";

type Thrown = { data: unknown; init: ResponseInit | null };

async function call(request: Request, domainName: string | undefined) {
  try {
    return { returned: await loader({ request, params: { domainName }, context: appContextForTests() } as never) };
  } catch (thrown) {
    return { thrown: thrown as Response | Thrown };
  }
}

const statusOf = (value: unknown) => (value instanceof Response ? value.status : ((value as Thrown).init?.status ?? 200));

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
    const names = visitor.returned!.similar.map((domain) => domain.name);
    expect(names).toEqual(expect.arrayContaining(["hundar.se", "hundis.nu"]));
    expect(names).not.toContain("hund.se");
    expect(names).not.toContain("hundarna.se");
    expect(visitor.returned).toMatchObject({ name: { ace: "hund.se", unicode: "hund.se" }, signedIn: false, bookmarkedNames: [] });

    const signedIn = await call(siteRequest("/d/hund.se/liknande", { cookie: user.cookie }), "hund.se");
    expect(signedIn.returned).toMatchObject({ signedIn: true, bookmarkedNames: ["hundar.se"] });
  });

  it("moves other spellings to the name's one URL, and answers bad names with a Swedish 400", async () => {
    await useAppAuthForTests(handle());
    const moved = (await call(siteRequest("/d/x/liknande"), "RÄKSMÖRGÅS.SE")).thrown as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se/liknande");
    const cases: [string | undefined, string][] = [
      [undefined, MISSING_NAME],
      ["<script>alert(1)</script>.se", INVALID_NAME],
      ["exempel.com", UNSUPPORTED_TLD],
    ];
    for (const [name, message] of cases) {
      const result = await call(siteRequest("/d/x/liknande"), name);
      expect(statusOf(result.thrown)).toBe(400);
      expect((result.thrown as Thrown).data).toBe(message);
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
    const result = await call(siteRequest("/d/hund.se/liknande"), "hund.se");
    expect(statusOf(result.thrown)).toBe(503);
    expect((result.thrown as Thrown).data).toBe(SIMILAR_FETCH_FAILED);
    const inBrowser = await clientLoader({ serverLoader: () => Promise.reject(result.thrown) } as never);
    expect(inBrowser).toBeNull();
  });
});
