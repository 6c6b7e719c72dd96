import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { getEnv } from "~/server/env.server";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import { isPublicAddress } from "./public-address.server";
import { readLimited, tooLargeError } from "./read-limited.server";
import { networkCodeInWords } from "~/server/http/network-failure.server";

export const FETCH_TIMEOUT_MESSAGE = "Request timed out. The server might be unresponsive or the URL might be incorrect.";
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type FetchedList = {
  bytes: Buffer;
  contentType: string | null;
  url: string;
  /** The response's validators, for the next conditional request (fetchReleaseListIfChanged). */
  etag: string | null;
  lastModified: string | null;
};

/** What the previous download's response said of the list: sent back as If-None-Match and If-Modified-Since. */
export type ListValidators = { etag?: string | null; lastModified?: string | null };

export type FetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  /** Hosts that may be private (FETCH_ALLOW_HOSTS): the tests' 127.0.0.1. */
  allowHosts?: string[];
};

/**
 * Downloads a release list for an import, safely (docs/security.md,
 * "Outgoing requests and mail"): http and https only; the host's addresses are resolved here and
 * refused when loopback, private, link-local (cloud metadata), CGNAT,
 * multicast or reserved; the connection goes to the address that was checked,
 * so a second DNS answer cannot swap in another (DNS rebinding); redirects are
 * followed by hand (at most 5) and each target is checked again; the whole
 * download has one deadline and a size cap counted while it streams.
 */
export async function fetchReleaseList(url: string, options: FetchOptions = {}): Promise<FetchedList> {
  return (await download(url, options, {}))!;
}

/**
 * The hourly check's conditional request, with every safeguard of
 * fetchReleaseList: null when the server answers 304 Not Modified to the
 * validators of the previous download; else the list, as fetchReleaseList.
 */
export async function fetchReleaseListIfChanged(
  url: string,
  validators: ListValidators,
  options: FetchOptions = {},
): Promise<FetchedList | null> {
  return download(url, options, validators);
}

async function download(url: string, options: FetchOptions, validators: ListValidators): Promise<FetchedList | null> {
  const env = getEnv();
  const timeoutMs = options.timeoutMs ?? env.IMPORT_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? env.IMPORT_MAX_BYTES;
  const allowHosts = options.allowHosts ?? env.FETCH_ALLOW_HOSTS;
  const conditional = Boolean(validators.etag || validators.lastModified);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let target: URL | undefined;
  try {
    target = checkedUrl(url);
    for (let redirects = 0; ; redirects++) {
      const response = await request(target, allowHosts, controller.signal, validators);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        if (redirects >= MAX_REDIRECTS) throw new ImportError(`Failed to fetch data: more than ${MAX_REDIRECTS} redirects`);
        target = checkedUrl(new URL(location, target).toString());
        continue;
      }
      if (status === 304 && conditional) {
        response.resume();
        return null;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new ImportError(`Failed to fetch data: HTTP ${status} ${response.statusMessage ?? ""}`.trim());
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw tooLargeError(maxBytes);
      }
      const bytes = await readLimited(response, maxBytes, () => response.destroy());
      if (!response.complete) throw new ImportError("Failed to fetch data: the connection closed before the whole list arrived");
      return {
        bytes,
        contentType: response.headers["content-type"] ?? null,
        url: target.toString(),
        etag: response.headers.etag ?? null,
        lastModified: response.headers["last-modified"] ?? null,
      };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new ImportError(FETCH_TIMEOUT_MESSAGE);
    if (error instanceof ImportError) throw error;
    throw new ImportError(`Failed to fetch data: ${describeFailure(error, target)}`);
  } finally {
    clearTimeout(timer);
  }
}

function checkedUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ImportError(`Failed to fetch data: ${JSON.stringify(input.slice(0, 200))} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ImportError(`Failed to fetch data: only http and https URLs can be imported, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ImportError("Failed to fetch data: URLs with a user name or password are not allowed");
  return url;
}

/** The address is not named: the message reaches the backoffice, and a host name's internal addresses are not its business. */
function refused(host: string) {
  return new ImportError(`Failed to fetch data: ${host} is a private or local address; imports may only reach public servers`);
}

/**
 * A network error by its code and the URL's host ("connect ECONNREFUSED
 * 10.0.0.7:80" would tell the backoffice an address the host name resolved to).
 */
function describeFailure(error: unknown, target: URL | undefined): string {
  const { code, syscall, message } = error as NodeJS.ErrnoException;
  if (!code || !syscall) return message;
  const words = networkCodeInWords(code);
  return `could not reach ${target?.host ?? "the server"}${words ? `: ${words}` : ""} (${code})`;
}

function request(url: URL, allowHosts: string[], signal: AbortSignal, validators: ListValidators): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const allowed = allowHosts.includes(host.toLowerCase());
  if (isIP(host) && !allowed && !isPublicAddress(host)) return Promise.reject(refused(host));

  // Node calls this instead of its own resolver and connects to what it returns:
  // the address that was checked is the address that is used.
  const lookup = (
    hostname: string,
    lookupOptions: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowed ? addresses : addresses.filter((candidate) => isPublicAddress(candidate.address));
      if (usable.length === 0) return callback(refused(hostname), []);
      if (lookupOptions.all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };

  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, {
      agent: false,
      lookup: lookup as never,
      signal,
      headers: {
        "user-agent": "snartlediga-import/1",
        accept: "application/json, text/plain;q=0.9, */*;q=0.1",
        ...(validators.etag ? { "if-none-match": validators.etag } : {}),
        ...(validators.lastModified ? { "if-modified-since": validators.lastModified } : {}),
      },
    });
    outgoing.on("response", resolve);
    outgoing.on("error", reject);
  });
}
