// A Vite plugin: after the browser build, writes a Brotli (.br) and a gzip (.gz) copy of every
// hashed JavaScript, CSS and SVG file beside it, at the highest levels, once. The server sends
// those to browsers that accept them (app/server/http/precompressed-assets.server.ts) instead of
// compressing the same files again on every request: Brotli at level 11 is also about a fifth
// smaller than the gzip a server can afford per request.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: "snart:precompress-assets",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const bytes = Buffer.from(file.type === "chunk" ? file.code : file.source);
        if (bytes.length < MIN_BYTES) continue;
        const path = join(options.dir, file.fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
