import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHttpFixtureServer } from "~support/http-fixture-server";
import { FETCH_TIMEOUT_MESSAGE, fetchReleaseList, fetchReleaseListIfChanged } from "./fetch-release-list.server";

const LIST = JSON.stringify({
  data: [{ name: "exempel.se", release_at: "2030-01-01" }],
});

const MODIFIED = "Fri, 01 Feb 2030 05:00:00 GMT";

describe("fetchReleaseList", () => {
  let server: Awaited<ReturnType<typeof startHttpFixtureServer>>;
  let conditionalHeaders: { ifNoneMatch?: string; ifModifiedSince?: string }[];
  const allowLocal = { allowHosts: ["127.0.0.1"] };

  beforeEach(async () => {
    server = await startHttpFixtureServer({
      "/list.json": {
        body: LIST,
        headers: { "content-type": "application/json" },
      },
      "/slow.json": { body: LIST, delayMs: 2000 },
      "/missing.json": { status: 404, body: "nope" },
      "/big-declared.json": { body: "x".repeat(2000) },
      "/big-streamed.json": (_request, response) => {
        // No Content-Length: the size is only known by counting.
        response.writeHead(200, { "content-type": "application/json" });
        for (let i = 0; i < 20; i++) response.write("x".repeat(100));
        response.end();
      },
      "/to-list": { status: 302, headers: { location: "/list.json" } },
      "/to-metadata": {
        status: 301,
        headers: { location: "http://169.254.169.254/latest/meta-data/" },
      },
      "/to-file": { status: 302, headers: { location: "file:///etc/passwd" } },
      "/loop": { status: 302, headers: { location: "/loop" } },
      // Answers 304 when either validator matches, as a server honouring conditional requests does.
      "/versioned.json": (request, response) => {
        conditionalHeaders.push({ ifNoneMatch: request.headers["if-none-match"], ifModifiedSince: request.headers["if-modified-since"] });
        const unchanged = request.headers["if-none-match"] === '"v2"' || request.headers["if-modified-since"] === MODIFIED;
        if (unchanged) return void response.writeHead(304).end();
        response.writeHead(200, { "content-type": "application/json", etag: '"v2"', "last-modified": MODIFIED }).end(LIST);
      },
      "/to-versioned": { status: 302, headers: { location: "/versioned.json" } },
      "/always-304": { status: 304 },
    });
    conditionalHeaders = [];
  });
  afterEach(() => server.close());

  it("downloads a list and says what it was", async () => {
    const fetched = await fetchReleaseList(server.url("/list.json"), allowLocal);
    expect(fetched.bytes.toString()).toBe(LIST);
    expect(fetched.contentType).toBe("application/json");
  });

  it("follows a redirect to an allowed host", async () => {
    const fetched = await fetchReleaseList(server.url("/to-list"), allowLocal);
    expect(fetched.url).toBe(server.url("/list.json"));
  });

  it("refuses a private address that is not allow-listed, before connecting", async () => {
    await expect(fetchReleaseList(server.url("/list.json"), { allowHosts: [] })).rejects.toThrow(
      /^Failed to fetch data: 127\.0\.0\.1 is a private or local address/,
    );
    expect(server.requests).toEqual([]);
  });

  it("refuses a host name that resolves to a private address (localhost)", async () => {
    await expect(
      fetchReleaseList(server.url("/list.json", "localhost"), {
        allowHosts: [],
      }),
    ).rejects.toThrow(/^Failed to fetch data: localhost is a private or local address/);
    expect(server.requests).toEqual([]);
  });

  it("refuses a redirect to the cloud metadata address", async () => {
    await expect(fetchReleaseList(server.url("/to-metadata"), allowLocal)).rejects.toThrow(
      "Failed to fetch data: 169.254.169.254 is a private or local address; imports may only reach public servers",
    );
  });

  it("refuses a redirect from an allowed host to another host that resolves privately", async () => {
    const hop = await startHttpFixtureServer({
      "/go": {
        status: 307,
        headers: { location: server.url("/list.json", "localhost") },
      },
    });
    try {
      await expect(fetchReleaseList(hop.url("/go"), allowLocal)).rejects.toThrow(
        /^Failed to fetch data: localhost is a private or local address/,
      );
      expect(server.requests).toEqual([]);
    } finally {
      await hop.close();
    }
  });

  it.each([["ftp://example.se/list.json"], ["file:///etc/passwd"], ["javascript:alert(1)"], ["gopher://example.se/"]])(
    "refuses the scheme of %s",
    async (url) => {
      await expect(fetchReleaseList(url, allowLocal)).rejects.toThrow(/^Failed to fetch data: only http and https URLs can be imported/);
    },
  );

  it("refuses a redirect to another scheme", async () => {
    await expect(fetchReleaseList(server.url("/to-file"), allowLocal)).rejects.toThrow(
      "only http and https URLs can be imported, not file:",
    );
  });

  it("refuses what is not a URL, and URLs with credentials", async () => {
    await expect(fetchReleaseList("not a url", allowLocal)).rejects.toThrow('Failed to fetch data: "not a url" is not a URL');
    await expect(fetchReleaseList("http://user:secret@127.0.0.1/", allowLocal)).rejects.toThrow("with a user name or password");
  });

  it("stops after 5 redirects", async () => {
    await expect(fetchReleaseList(server.url("/loop"), allowLocal)).rejects.toThrow("Failed to fetch data: more than 5 redirects");
    expect(server.requests).toHaveLength(6);
  });

  it("gives up with the import's timeout message when the server does not answer in time", async () => {
    const started = Date.now();
    await expect(
      fetchReleaseList(server.url("/slow.json"), {
        ...allowLocal,
        timeoutMs: 200,
      }),
    ).rejects.toThrow(FETCH_TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("refuses a list over the size limit, declared or counted", async () => {
    const tooBig = "The list is larger than the import limit of 1000 bytes (IMPORT_MAX_BYTES).";
    await expect(
      fetchReleaseList(server.url("/big-declared.json"), {
        ...allowLocal,
        maxBytes: 1000,
      }),
    ).rejects.toThrow(tooBig);
    await expect(
      fetchReleaseList(server.url("/big-streamed.json"), {
        ...allowLocal,
        maxBytes: 1000,
      }),
    ).rejects.toThrow(tooBig);
  });

  it("reports an HTTP error with its status", async () => {
    await expect(fetchReleaseList(server.url("/missing.json"), allowLocal)).rejects.toThrow("Failed to fetch data: HTTP 404 Not Found");
  });

  it("reports a refused connection", async () => {
    const closed = await startHttpFixtureServer({});
    const url = closed.url("/list.json");
    await closed.close();
    await expect(fetchReleaseList(url, allowLocal)).rejects.toThrow(/^Failed to fetch data: .*ECONNREFUSED/);
  });

  it("says which version it downloaded: the response's ETag and Last-Modified", async () => {
    const fetched = await fetchReleaseList(server.url("/versioned.json"), allowLocal);
    expect(fetched).toMatchObject({ etag: '"v2"', lastModified: MODIFIED });
    expect(conditionalHeaders).toEqual([{ ifNoneMatch: undefined, ifModifiedSince: undefined }]);
    expect((await fetchReleaseList(server.url("/list.json"), allowLocal)).etag).toBeNull();
  });

  it.each([
    ["an ETag", { etag: '"v2"' }, { ifNoneMatch: '"v2"', ifModifiedSince: undefined }],
    ["a Last-Modified date", { lastModified: MODIFIED }, { ifNoneMatch: undefined, ifModifiedSince: MODIFIED }],
  ])("asks with %s and reads a 304 as unchanged (null), after a redirect too", async (_case, validators, sent) => {
    expect(await fetchReleaseListIfChanged(server.url("/versioned.json"), validators, allowLocal)).toBeNull();
    expect(await fetchReleaseListIfChanged(server.url("/to-versioned"), validators, allowLocal)).toBeNull();
    expect(conditionalHeaders).toEqual([sent, sent]);
  });

  it("downloads the list when the server's version differs from the one asked about", async () => {
    const fetched = await fetchReleaseListIfChanged(server.url("/versioned.json"), { etag: '"v1"', lastModified: null }, allowLocal);
    expect(fetched?.bytes.toString()).toBe(LIST);
    expect(fetched?.etag).toBe('"v2"');
  });

  it("takes a 304 for an error when it asked nothing", async () => {
    await expect(fetchReleaseListIfChanged(server.url("/always-304"), {}, allowLocal)).rejects.toThrow(
      "Failed to fetch data: HTTP 304 Not Modified",
    );
  });

  it("keeps every safeguard for a conditional request: a private address is refused before connecting", async () => {
    await expect(fetchReleaseListIfChanged(server.url("/versioned.json"), { etag: '"v2"' }, { allowHosts: [] })).rejects.toThrow(
      /^Failed to fetch data: 127\.0\.0\.1 is a private or local address/,
    );
    expect(server.requests).toEqual([]);
  });
});
