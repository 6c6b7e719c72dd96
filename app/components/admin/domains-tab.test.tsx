import { renderToReadableStream } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parseAdminListParams } from "~/lib/admin-list-params";
import type { AdminDomainRow } from "~/domain/backoffice-rows";
import { DomainsTab } from "./domains-tab";

const row = (name: string): AdminDomainRow => ({
  name,
  unicodeName: name,
  tld: ".se",
  status: "soonavailable",
  isFeatured: false,
  length: name.length - 3,
  score: 50,
  releaseDate: "2030-03-01",
  description: null,
});

/** Visible text: React's <!-- --> separators vanish, tags become spaces. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/**
 * The tab's server render as it streams: what was sent before `release` is
 * called (the shell), then everything once the stream ends.
 */
async function renderStreaming(totalCount: number | Promise<number>, release?: () => void) {
  const params = parseAdminListParams(new URLSearchParams("q=ab"));
  const element = <DomainsTab data={{ params, list: { domains: [row("abba.se"), row("kabel.se")], totalCount } }} busy={false} />;
  const router = createMemoryRouter([{ path: "/", element }]);
  // A failed count is logged by the server's own onError; here it is only expected.
  const stream = await renderToReadableStream(<RouterProvider router={router} />, { onError: () => {} });
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const done = (async () => {
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(decoder.decode(chunk));
  })();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const first = chunks.join("");
  release?.();
  await done;
  return { first: text(first), all: text(chunks.join("")), allHtml: chunks.join("") };
}

describe("DomainsTab", () => {
  it("shows a known total at once, with the page numbers", async () => {
    const { first, allHtml } = await renderStreaming(95);
    expect(first).toContain("Showing 2 of 95 domains");
    expect(allHtml).toContain('aria-label="Domain pages"');
  });

  it("shows the rows first and streams a total that is still being counted", async () => {
    let resolve!: (total: number) => void;
    const counting = new Promise<number>((settle) => (resolve = settle));
    const { first, all, allHtml } = await renderStreaming(counting, () => resolve(54_113));
    expect(first).toContain("abba.se");
    expect(first).toContain("Showing 2 domains, counting...");
    expect(first).not.toContain("Previous");
    expect(all).toContain("Showing 2 of 54,113 domains");
    expect(allHtml).toContain('aria-label="Domain pages"');
  });

  it("says so when the total could not be counted, and keeps the rows", async () => {
    const failing = Promise.reject(new Error("statement timeout"));
    failing.catch(() => {});
    const { all } = await renderStreaming(failing);
    expect(all).toContain("kabel.se");
    expect(all).toContain("Showing 2 domains (the total could not be counted)");
  });
});
