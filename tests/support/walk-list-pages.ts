import type { DomainPage } from "~/server/domains/domain-card-data.server";

/**
 * Reads a list page by page the way "Visa fler" does, each page after the
 * previous page's cursor, until a page says there is no next one. Stops with
 * an error instead of looping if a cursor repeats.
 */
export async function walkListPages(read: (after: string | null) => Promise<DomainPage>): Promise<DomainPage[]> {
  const pages: DomainPage[] = [];
  const seen = new Set<string | null>();
  for (let after: string | null = null; ;) {
    if (seen.has(after)) throw new Error(`cursor repeated: ${after}`);
    seen.add(after);
    const page = await read(after);
    pages.push(page);
    if (page.nextCursor === null) return pages;
    after = page.nextCursor;
  }
}
