import { describe, expect, it } from "vitest";
import { adminListSearch, nextSort, NO_ADMIN_FILTERS, parseAdminListParams, toAdminListQuery } from "./admin-list-params";

const parse = (search: string) => parseAdminListParams(new URLSearchParams(search));

describe("parseAdminListParams", () => {
  it("has the backoffice list's defaults: page 1 of 30, release date ascending, no filters", () => {
    expect(toAdminListQuery(parse(""))).toEqual({
      page: 1,
      pageSize: 30,
      sortField: "release_date",
      sortDirection: "asc",
      ...NO_ADMIN_FILTERS,
    });
    expect(Object.values(NO_ADMIN_FILTERS)).toEqual(["", null, null, null, null, null, [], {}]);
  });

  it("reads every filter", () => {
    const query = toAdminListQuery(
      parse(
        "q=+hund+&status=premium&from=2030-01-01&to=2030-01-31&lenFrom=3&lenTo=15%2B&tld=.nu&digits=1&nonlatin=1&sort=score&dir=desc&page=4",
      ),
    );
    expect(query).toMatchObject({
      filter: "hund",
      status: "premium",
      releaseFrom: "2030-01-01",
      releaseTo: "2030-01-31",
      lengthFrom: 3,
      lengthTo: 63,
      tlds: [".nu"],
      characters: { digits: true, nonLatin: true },
      sortField: "score",
      sortDirection: "desc",
      page: 4,
    });
  });

  it('reads "15+" as 15 for the lower bound, also when typed as a bare + (a space)', () => {
    expect(toAdminListQuery(parse("lenFrom=15%2B")).lengthFrom).toBe(15);
    expect(toAdminListQuery(parse("lenFrom=15+")).lengthFrom).toBe(15);
    expect(toAdminListQuery(parse("lenTo=15+")).lengthTo).toBe(63);
    expect(toAdminListQuery(parse("lenTo=15")).lengthTo).toBe(15);
  });

  it("ignores values that make no sense instead of failing", () => {
    const params = parse("status=sold&from=2030-02-30&to=yesterday&lenFrom=0&lenTo=64&tld=.com&sort=price&dir=up&page=-2&letters=maybe");
    expect(toAdminListQuery(params)).toEqual(toAdminListQuery(parse("")));
  });

  it("drops control characters from the search text (PostgreSQL text cannot hold NUL)", () => {
    expect(parse("q=%00hu%0And%E2%80%8B").q).toBe("hund");
  });

  it("accepts the TLD with or without its dot", () => {
    expect(parse("tld=se").tld).toBe(".se");
    expect(parse("tld=.NU").tld).toBe(".nu");
  });
});

describe("adminListSearch", () => {
  it("writes only what differs from the defaults, and reads back the same", () => {
    expect(adminListSearch(parse(""))).toBe("");
    const search = "q=bil&status=available&from=2030-01-01&lenFrom=15%2B&tld=.se&special=1&sort=name&dir=desc&page=2";
    const params = parse(search);
    expect(parse(adminListSearch(params).slice(1))).toEqual(params);
    expect(adminListSearch(params)).toMatch(/^\?q=bil&status=available/);
  });
});

describe("nextSort", () => {
  it("flips the direction of the current column and starts others ascending", () => {
    const params = parse("sort=name&dir=asc");
    expect(nextSort(params, "name")).toEqual({ sort: "name", dir: "desc" });
    expect(nextSort(parse("sort=name&dir=desc"), "name")).toEqual({ sort: "name", dir: "asc" });
    expect(nextSort(params, "score")).toEqual({ sort: "score", dir: "asc" });
  });
});
