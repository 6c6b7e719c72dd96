import express from "express";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings, precompressedAssets } from "./precompressed-assets.server";

const SCRIPT = `console.log(${JSON.stringify("snart lediga ".repeat(200))});`;

describe("precompressedAssets", () => {
  let directory: string;
  let server: ReturnType<express.Express["listen"]>;
  let origin: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "snart-assets-"));
    writeFileSync(join(directory, "entry-abc.js"), SCRIPT);
    writeFileSync(join(directory, "entry-abc.js.br"), brotliCompressSync(SCRIPT));
    writeFileSync(join(directory, "entry-abc.js.gz"), gzipSync(SCRIPT));
    writeFileSync(join(directory, "only-gzip.css"), "body{color:red}");
    writeFileSync(join(directory, "only-gzip.css.gz"), gzipSync("body{color:red}"));
    writeFileSync(join(directory, "plain.js"), "1");
    mkdirSync(join(directory, "nested"));
    writeFileSync(join(directory, "nested", "deep.js"), SCRIPT);
    writeFileSync(join(directory, "nested", "deep.js.br"), brotliCompressSync(SCRIPT));
    const app = express();
    app.use("/assets", precompressedAssets(directory), express.static(directory, { immutable: true, maxAge: "1y" }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** The raw answer: fetch would decode the body itself. */
  async function get(path: string, acceptEncoding: string) {
    const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": acceptEncoding } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it("sends the Brotli copy to a browser that accepts it, with the script's own type", async () => {
    const { response } = await get("/assets/entry-abc.js", "gzip, deflate, br, zstd");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(response.headers.get("cache-control")).toContain("immutable");
    // fetch has decoded the Brotli body: it is the script.
    expect(await (await fetch(`${origin}/assets/entry-abc.js`, { headers: { "accept-encoding": "br" } })).text()).toBe(SCRIPT);
  });

  it("sends gzip where Brotli is not accepted or has no copy, and the file itself otherwise", async () => {
    expect((await get("/assets/entry-abc.js", "gzip")).response.headers.get("content-encoding")).toBe("gzip");
    expect((await get("/assets/entry-abc.js", "br;q=0, gzip")).response.headers.get("content-encoding")).toBe("gzip");
    const css = await get("/assets/only-gzip.css", "br, gzip");
    expect(css.response.headers.get("content-encoding")).toBe("gzip");
    expect(css.response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const identity = await get("/assets/entry-abc.js", "identity");
    expect(identity.response.headers.get("content-encoding")).toBeNull();
    expect(identity.bytes.toString()).toBe(SCRIPT);
    const small = await get("/assets/plain.js", "br, gzip");
    expect(small.response.headers.get("content-encoding")).toBeNull();
    expect(small.bytes.toString()).toBe("1");
  });

  it("finds copies in subfolders and leaves unknown files to the static handler", async () => {
    expect((await get("/assets/nested/deep.js", "br")).response.headers.get("content-encoding")).toBe("br");
    expect((await get("/assets/missing.js", "br")).response.status).toBe(404);
    expect((await get("/assets/entry-abc.js.br.js", "br")).response.status).toBe(404);
  });
});

describe("acceptedEncodings", () => {
  it.each([
    ["gzip, deflate, br", ["gzip", "deflate", "br"]],
    ["br;q=0, gzip;q=0.5", ["gzip"]],
    ["GZIP", ["gzip"]],
    ["", []],
    [undefined, []],
  ])("%j → %j", (header, names) => {
    expect([...acceptedEncodings(header)].sort()).toEqual([...names].sort());
  });
});
