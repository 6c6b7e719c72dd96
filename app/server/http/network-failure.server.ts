// Why a request to another server failed, in the backoffice's words: the
// Maintenance tab and the import history say "connection refused", not
// "fetch failed" (docs/product.md, "A run's outcome").

const PLAIN_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EPIPE: "connection closed",
  UND_ERR_SOCKET: "connection closed",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate is not trusted",
};

/** A network error's code in words ("connection refused"); undefined for a code without them. */
export function networkCodeInWords(code: string | undefined): string | undefined {
  return code && Object.hasOwn(PLAIN_WORDS, code) ? PLAIN_WORDS[code] : undefined;
}

/**
 * A network error's code in words ("connection refused"), looked for on the
 * error and its causes (fetch wraps the socket's error: "fetch failed");
 * an error without a known code gives its innermost message.
 */
export function describeNetworkFailure(error: unknown): string {
  let innermost = "";
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth++) {
    const { code, message } = current as NodeJS.ErrnoException;
    const words = networkCodeInWords(code);
    if (words) return words;
    if (typeof message === "string" && message) innermost = message;
  }
  return innermost || "unknown network error";
}
