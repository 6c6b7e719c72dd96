// The outside probe's low finding 6: `cursor=abc_a.se` or `NaN_a.se` answered the API's first
// page, although docs/api.md promises a 400 for a cursor the API does not take. A cursor is now
// checked against the order of the list and sort it is sent with.
import { beforeAll, expect, it } from "vitest";
import { loader as domainsLoader } from "~/routes/api/v1/domains";
import { createDomains } from "~tests/factories/domains";
import { callRoute } from "./support/call-route";
import { describeWithSecurityWorld, getRequest } from "./support/security-world";

const callApi = (query: string) => callRoute(domainsLoader as never, getRequest(`/api/v1/domains?${query}`), {}, { readBody: true });

describeWithSecurityWorld("API cursors", (world) => {
  beforeAll(async () => {
    await createDomains(world().handle.db, 5, { status: "soonavailable" });
  });

  it.each([
    // The default list and sort: soon-available by release date.
    "cursor=abc_a.se",
    "cursor=NaN_a.se",
    "cursor=2030-02-30_a.se",
    "list=soon-available&sort=score-desc&cursor=NaN_a.se",
    "list=soon-available&sort=length-asc&cursor=abc_a.se",
    "list=premium&cursor=1e3_a.se",
    "list=available&cursor=2030-01-01_a.se",
    "list=featured&cursor=abc_a.se",
    "list=available&sort=length-asc&cursor=-1_a.se",
  ])("%s is a 400 problem, not the first page", async (query) => {
    const outcome = await callApi(query);
    expect(outcome.status).toBe(400);
    expect(outcome.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(JSON.parse(String(outcome.body))).toMatchObject({ status: 400, detail: expect.stringContaining("cursor") });
  });

  it("a cursor the API gave, and any name position in a list by name, are taken", async () => {
    const first = await callApi("list=soon-available&limit=1");
    const { nextCursor } = JSON.parse(String(first.body)) as { nextCursor: string | null };
    expect(nextCursor).toEqual(expect.any(String));
    expect((await callApi(`list=soon-available&limit=1&cursor=${encodeURIComponent(nextCursor!)}`)).status).toBe(200);
    expect((await callApi("list=soon-available&sort=name-asc&cursor=abc_a.se")).status).toBe(200);
    expect((await callApi("list=premium&cursor=42_a.se")).status).toBe(200);
  });
});
