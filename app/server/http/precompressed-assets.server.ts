import type { NextFunction, Request, Response } from "express";
import { readdirSync } from "node:fs";

/** Content types of the files the build compresses ahead (scripts/precompress-assets.ts). */
const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
};

/** Preferred first: Brotli is smaller; gzip for the rest. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Serves the build's compressed copies of the hashed assets: for a browser
 * that accepts Brotli (or gzip) and a file that has such a copy, the request
 * is pointed at the copy, with the original's content type and
 * `Content-Encoding`; the static-file handler after this one sends it (so
 * ranges, ETags and caching headers work as for any file) and the compression
 * middleware leaves an encoded answer alone. Anything else passes through.
 * The copies present are listed once at start, so a request costs no file
 * lookup.
 */
export function precompressedAssets(directory: string) {
  const present = listFiles(directory);
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const path = request.path;
    const type = CONTENT_TYPES[path.slice(path.lastIndexOf(".") + 1)];
    if (!type) return next();
    response.vary("Accept-Encoding");
    const accepted = acceptedEncodings(request.headers["accept-encoding"]);
    const encoding = ENCODINGS.find((candidate) => accepted.has(candidate.name) && present.has(`${path.slice(1)}${candidate.suffix}`));
    if (!encoding) return next();
    response.setHeader("Content-Type", type);
    response.setHeader("Content-Encoding", encoding.name);
    request.url = `${path}${encoding.suffix}${request.url.slice(path.length)}`;
    next();
  };
}

/** The encodings an Accept-Encoding header allows (a q=0 refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

function listFiles(directory: string): Set<string> {
  try {
    return new Set(readdirSync(directory, { recursive: true, encoding: "utf8" }).map((file) => file.split("\\").join("/")));
  } catch {
    return new Set();
  }
}
