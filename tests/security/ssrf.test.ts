// The import URL fetch (fetch-release-list.server.ts) as an attacker would aim it:
// every spelling of loopback, private, link-local and metadata addresses,
// other schemes, and redirects from an allowed server to forbidden ones.
// Each is refused before any connection to the target is made.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchReleaseList } from "~/server/imports/release-list/source/fetch-release-list.server";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import { startHttpFixtureServer } from "~support/http-fixture-server";

const FORBIDDEN_URLS = [
  "http://127.0.0.1/",
  "http://127.1/",
  "http://0177.0.0.1/",
  "http://0x7f.0.0.1/",
  "http://0x7f000001/",
  "http://2130706433/",
  "http://0/",
  "http://0.0.0.0/",
  "http://[::1]/",
  "http://[::]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:7f00:1]/",
  "http://[64:ff9b::7f00:1]/",
  // 6to4 (2002::/16), Teredo (2001::/32) and local-use NAT64 (64:ff9b:1::/48) reach whatever address they wrap.
  "http://[2002:7f00:1::1]/",
  "http://[2002:a9fe:a9fe::]/latest/meta-data/",
  "http://[2002:808:808::1]/",
  "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  "http://[2001::1]/",
  "http://[64:ff9b:1::a00:1]/",
  "http://[64:ff9b:1::808:808]/",
  "http://10.0.0.1/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[fd00:ec2::254]/latest/meta-data/",
  "http://[fe80::1]/",
  "http://224.0.0.1/",
  "http://255.255.255.255/",
  "http://localhost/",
  "http://LOCALHOST./",
];

const OTHER_SCHEMES = ["file:///etc/passwd", "ftp://example.se/list.json", "gopher://127.0.0.1:25/", "data:application/json,{}", "javascript:alert(1)", "ws://example.se/"];

async function refusal(url: string, allowHosts: string[] = []) {
  try {
    await fetchReleaseList(url, { allowHosts, timeoutMs: 3000 });
  } catch (error) {
    return error;
  }
  return null;
}

describe("SSRF: the import fetch reaches public servers only", () => {
  it.each(FORBIDDEN_URLS)("refuses %s", async (url) => {
    const error = await refusal(url);
    expect(error).toBeInstanceOf(ImportError);
    // (A name that does not resolve at all fails earlier, which is a refusal too.)
    expect((error as Error).message).toMatch(/private or local address|ENOTFOUND|EAI_AGAIN/);
  });

  it("does not echo the internal address a host name resolved to", async () => {
    const refused = (await refusal("http://localhost/list.json")) as Error;
    expect(refused.message).toMatch(/localhost is a private or local address/);
    expect(refused.message).not.toMatch(/127\.0\.0\.1|::1|\(/);

    // Allowed (FETCH_ALLOW_HOSTS) but nobody listening: the error names the host, not the address it connected to.
    const closed = await startHttpFixtureServer({});
    const url = closed.url("/list.json", "localhost");
    await closed.close();
    const unreachable = (await refusal(url, ["localhost"])) as Error;
    expect(unreachable).toBeInstanceOf(ImportError);
    expect(unreachable.message).toMatch(/localhost/);
    expect(unreachable.message).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it.each(OTHER_SCHEMES)("refuses the scheme of %s", async (url) => {
    const error = await refusal(url);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/only http and https|is not a URL/);
  });

  it("refuses credentials in the URL", async () => {
    expect(((await refusal("http://user:secret@example.se/list.json")) as Error).message).toMatch(/user name or password/);
  });

  describe("redirects from an allowed server", () => {
    let server: Awaited<ReturnType<typeof startHttpFixtureServer>>;
    let hits: string[];
    beforeAll(async () => {
      hits = [];
      server = await startHttpFixtureServer({
        "/secret": (_request, response) => {
          hits.push("secret");
          response.writeHead(200).end('{"data":[]}');
        },
      });
      const redirectTo = (location: string) => ({ status: 302, headers: { location } });
      const redirects = await startHttpFixtureServer({
        "/to-loopback": redirectTo(server.url("/secret")),
        "/to-ipv6-loopback": redirectTo(`http://[::1]:${server.port}/secret`),
        "/to-mapped": redirectTo(`http://[::ffff:127.0.0.1]:${server.port}/secret`),
        "/to-decimal": redirectTo(`http://2130706433:${server.port}/secret`),
        "/to-metadata": redirectTo("http://169.254.169.254/latest/meta-data/iam/security-credentials/"),
        "/to-file": redirectTo("file:///etc/passwd"),
        "/relative-to-other-port": redirectTo(`//127.0.0.2:${server.port}/secret`),
      });
      const close = server.close;
      server.close = async () => {
        await redirects.close();
        await close();
      };
      (server as unknown as { redirects: typeof redirects }).redirects = redirects;
    });
    afterAll(() => server.close());

    it.each(["/to-loopback", "/to-ipv6-loopback", "/to-mapped", "/to-decimal", "/to-metadata", "/to-file", "/relative-to-other-port"])(
      "%s is refused and the target is never reached",
      async (path) => {
        const redirects = (server as unknown as { redirects: Awaited<ReturnType<typeof startHttpFixtureServer>> }).redirects;
        hits.length = 0;
        // Only the redirecting server's host name is allowed, as FETCH_ALLOW_HOSTS would allow it.
        const error = await refusal(redirects.url(path, "localhost"), ["localhost"]);
        expect(error, path).toBeInstanceOf(ImportError);
        expect((error as Error).message).toMatch(/private or local address|only http and https/);
        expect(hits).toEqual([]);
      },
    );
  });
});
