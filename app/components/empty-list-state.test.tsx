import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parsePublicFilters } from "~/domain/public-filters";
import { listingNarrowingFilters, type NarrowingFilters } from "~/lib/narrowing-filters";
import { EmptyListState } from "./empty-list-state";

function render(narrowing: NarrowingFilters) {
  const router = createMemoryRouter([{ path: "/", element: <EmptyListState narrowing={narrowing} /> }]);
  return renderToString(<RouterProvider router={router} />);
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The empty state of a list at `path` with the filters of `query`, sorted and laid out by default. */
const renderFiltered = (path: string, query: string) =>
  render(
    listingNarrowingFilters(path, "other", { sort: "relevance", layout: "kort", filters: parsePublicFilters(new URLSearchParams(query)) }),
  );

describe("EmptyListState", () => {
  it("lists what narrows the view, each with a plain link without it, one without them all, then the search tips", () => {
    const html = renderFiltered("/premium", "tld=se&slutar=en");
    expect(text(html)).toContain(
      "De här begränsar listan: Endast .se Ta bort Endast .se Slutar med ”en” Ta bort Slutar med ”en” Ta bort alla",
    );
    expect(html).toContain('href="/premium?slutar=en"');
    expect(html).toContain('href="/premium?tld=se"');
    expect(html).toContain('href="/premium"');
    expect(text(html)).toContain("Tips för att hitta fler domäner:");
    expect(text(html)).toContain("Skriv namnet utan .se och .nu för att söka i båda toppdomänerna.");
  });

  it("offers no 'Ta bort alla' for one filter, and only the tips when nothing narrows the view", () => {
    const one = renderFiltered("/featured", "min=3");
    expect(text(one)).toContain("Det här begränsar listan: Minst 3 tecken Ta bort");
    expect(text(one)).not.toContain("Ta bort alla");
    const none = render({ removals: [], clearHref: null });
    expect(none).not.toContain('data-testid="narrowing-filters"');
    expect(text(none)).toContain("Inga domäner hittades Tips för att hitta fler domäner:");
  });
});
