import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DomainCardData } from "~/domain/domain-card";
import { headerSort, SOON_TABLE_SORTS } from "~/lib/list-table";
import { DomainTable } from "./domain-table";

const NOW = Date.parse("2030-06-08T12:00:00Z");
const row = (name: string, catchRisk: number | null, releaseDate = "2030-06-10"): DomainCardData => ({
  name,
  unicodeName: name,
  tld: ".se",
  status: "soonavailable",
  isFeatured: false,
  score: 50,
  length: name.length - 3,
  price: null,
  releaseDate,
  catchRisk,
});

const BASIS = "Av 412 liknande namn de senaste 90 dagarna togs 290 direkt.";

function render(catchRiskColumn: boolean) {
  return renderToString(
    <DomainTable
      domains={[row("hog.se", 70), row("tunn.se", null), row("slappt.se", 20, "2030-06-01"), { ...row("grund.se", 70), catchRiskBasis: BASIS }]}
      now={NOW}
      label="Snart lediga domäner"
      sortOf={(column) => headerSort(SOON_TABLE_SORTS, column, "risk-desc")}
      sortHref={(sort) => `/soon-available?sort=${sort}`}
      catchRiskColumn={catchRiskColumn}
    />,
  );
}

describe("the soon list's table and the risk of being taken at once", () => {
  it("has a sortable column with each name's risk, too little history said, nothing once released", () => {
    const html = render(true);
    expect(html).toContain('aria-sort="descending"><a href="/soon-available?sort=risk-asc" data-sort="descending">Risk att tas direkt</a>');
    const cells = [...html.matchAll(/<td class="risk">([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual(["Hög, 7 av 10", "För lite historik", "–"]);
  });

  it("gives the basis as the cell's title and as hidden text for screen readers", () => {
    expect(render(true)).toContain(`<td class="risk" title="${BASIS}">Hög, 7 av 10<span class="sr-only"> ${BASIS}</span></td>`);
  });

  it("has no such column on the other lists", () => {
    expect(render(false)).not.toContain("Risk att tas direkt");
  });
});
