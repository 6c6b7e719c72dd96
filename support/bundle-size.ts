import { gzipSync } from "node:zlib";

export type BundleSize = { page: string; jsGzipBytes: number; cssGzipBytes: number; files: number };

const ASSET_PATTERN = /<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g;
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g;

/** Gzip bytes of the JavaScript and CSS a browser fetches for one page (inline scripts included). */
export async function measureBundleSize(baseUrl: string, path: string): Promise<BundleSize> {
  const html = await (await fetch(new URL(path, baseUrl))).text();
  const assets = new Set([...html.matchAll(ASSET_PATTERN)].map((match) => match[1]));
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(new URL(asset, baseUrl))).arrayBuffer());
    const size = gzipSync(body).length;
    if (asset.endsWith(".css")) css += size;
    else js += size;
  }
  for (const match of html.matchAll(INLINE_SCRIPT)) js += gzipSync(Buffer.from(match[1])).length;
  return { page: path, jsGzipBytes: js, cssGzipBytes: css, files: assets.size };
}
