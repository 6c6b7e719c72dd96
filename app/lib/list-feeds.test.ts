import { describe, expect, it } from "vitest";
import { listDownloadQuery, listFeedPath, listViewQuery } from "./list-feeds";

describe("listViewQuery", () => {
  it("keeps the filters, the soon list's featured toggle and the table layout, not the sort or page", () => {
    expect(listViewQuery("soon-available", "?sort=name-asc&min=4&featured=0&vy=tabell&after=80_hund.se")).toBe(
      "?min=4&featured=0&vy=tabell",
    );
    expect(listViewQuery("available", "?vy=kort&tld=se")).toBe("?tld=se");
    expect(listViewQuery("premium", "?vy=tabell")).toBe("?vy=tabell");
    expect(listViewQuery("featured", "?vy=bogus&sort=score-desc")).toBe("");
  });
  it("gives the feed the view's address, so the feed links back to the table", () => {
    expect(listFeedPath("available", "?vy=tabell&max=5")).toBe("/feeds/available.atom?max=5&vy=tabell");
  });
});

describe("listDownloadQuery", () => {
  it("keeps the view's filters, toggle and sort, not its layout or page", () => {
    expect(listDownloadQuery("soon-available", "?q=bil&sort=name-asc&featured=0&min=4&vy=tabell&after=x")).toBe(
      "?q=bil&min=4&featured=0&sort=name-asc",
    );
    expect(listDownloadQuery("available", "?vy=tabell")).toBe("");
  });
});
