import { domainPagePath } from "~/lib/domain-path";
import type { Db } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { findSitemapDomainChunk, findSitemapPageStart, type SitemapDomain } from "./find-sitemap-domains.server";
import { MAX_URLS_PER_SITEMAP, URLSET_CLOSE, URLSET_OPEN, urlEntry } from "./sitemap-xml.server";

export type DomainSitemapOptions = { siteUrl: string; page: number; pageSize?: number; chunkSize?: number };

/**
 * One child sitemap of domain pages, streamed: rows are read a chunk at a
 * time by keyset and written out as they arrive, so a page of 50,000 names
 * never sits in memory. The first chunk is read before answering, so a
 * database failure gives an error status instead of a truncated file.
 * Null when the page is past the end.
 */
export async function streamDomainSitemap(db: Db, options: DomainSitemapOptions): Promise<ReadableStream<Uint8Array> | null> {
  const pageSize = options.pageSize ?? MAX_URLS_PER_SITEMAP;
  const chunkSize = Math.min(options.chunkSize ?? 2_000, pageSize);
  const start = await findSitemapPageStart(db, options.page, pageSize);
  if (start === undefined) return null;

  let remaining = pageSize;
  let after = start;
  let chunk: SitemapDomain[] | null = await findSitemapDomainChunk(db, after, Math.min(chunkSize, remaining));
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN));
    },
    async pull(controller) {
      try {
        if (chunk === null) chunk = await findSitemapDomainChunk(db, after, Math.min(chunkSize, remaining));
        const rows = chunk;
        chunk = null;
        controller.enqueue(encoder.encode(rows.map((row) => entryFor(options.siteUrl, row)).join("")));
        remaining -= rows.length;
        if (rows.length > 0) after = rows[rows.length - 1].name;
        if (rows.length < chunkSize || remaining <= 0) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
        }
      } catch (error) {
        logger.error({ err: error, page: options.page, after }, "sitemap: reading names failed mid-stream");
        controller.error(error);
      }
    },
  });
}

function entryFor(siteUrl: string, row: SitemapDomain): string {
  return urlEntry(`${siteUrl}${domainPagePath(row.unicodeName)}`, row.updatedAt.toISOString().slice(0, 10));
}
