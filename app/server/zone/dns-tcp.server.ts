import net from "node:net";

import dnsPacket, { type DecodedPacket, type Packet } from "dns-packet";

/**
 * DNS over TCP for the zone readers: one connection, a query written with its
 * two-byte length prefix (RFC 1035 4.2.2), and the answer read as a stream of
 * messages, each decoded as soon as its bytes are in. Only the message being
 * read is held in memory, so a transfer of gigabytes costs what one message
 * costs (at most 64 KiB). The socket's own back-pressure holds the server back
 * while the reader of the records is busy.
 */

/** What went wrong, so the zone store and the backoffice can tell a hanging server from a lying one. */
export type ZoneReadFailure = "unreachable" | "timeout" | "garbage" | "rcode" | "cut-off" | "inconsistent" | "file";

/** A zone could not be read; the message is English, for the backoffice. */
export class ZoneReadError extends Error {
  readonly failure: ZoneReadFailure;
  constructor(failure: ZoneReadFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ZoneReadError";
    this.failure = failure;
  }
}

export type DnsServerAddress = { host: string; port: number; label: string };

/** "host" or "host:port" (an IPv6 address in brackets, "[::1]:5353", or bare without a port); the port defaults to 53. */
export function parseServerAddress(server: string): DnsServerAddress {
  const trimmed = server.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  const plain = /^([^:\s]+)(?::(\d+))?$/.exec(trimmed);
  const bareIpv6 = /^([0-9a-f]*:[0-9a-f:.]*:[0-9a-f:.]*)()$/i.exec(trimmed);
  const match = bracketed ?? plain ?? bareIpv6;
  const port = match?.[2] === undefined || match[2] === "" ? 53 : Number(match[2]);
  if (!match || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ZoneReadError("unreachable", `The zone server "${server}" is not a host or host:port.`);
  }
  return { host: match[1], port, label: trimmed };
}

export type DnsTcpExchange = {
  server: string;
  query: Packet;
  /** The whole exchange, from connecting to the last message. */
  timeoutMs: number;
  /** The longest silence allowed between two pieces of the answer (and while connecting). */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
};

/**
 * Sends `query` and yields the answer's messages in order, checked: a
 * response to this query's id, not truncated, decodable, NOERROR. Ends when
 * the server closes the connection; the caller stops earlier (by leaving the
 * loop) once it has read what it needs, which closes the connection.
 */
export async function* exchangeDnsTcp({ server, query, timeoutMs, idleTimeoutMs, signal }: DnsTcpExchange): AsyncGenerator<DecodedPacket> {
  const address = parseServerAddress(server);
  const idleMs = Math.min(idleTimeoutMs ?? 30_000, timeoutMs);
  const id = query.id ?? 0;
  const socket = net.connect({ host: address.host, port: address.port });
  let failure: ZoneReadError | null = null;
  const fail = (error: ZoneReadError) => {
    failure ??= error;
    socket.destroy(failure);
  };
  socket.on("error", (error: NodeJS.ErrnoException) => {
    failure ??= describeSocketError(error, address);
  });
  socket.setTimeout(idleMs, () =>
    fail(new ZoneReadError("timeout", `The zone server ${address.label} sent nothing for ${formatSeconds(idleMs)}; gave up.`)),
  );
  const overall = setTimeout(
    () =>
      fail(new ZoneReadError("timeout", `The zone server ${address.label} did not finish within ${formatSeconds(timeoutMs)}; gave up.`)),
    timeoutMs,
  );
  const onAbort = () => fail(new ZoneReadError("timeout", `Reading the zone from ${address.label} was cancelled.`));
  if (signal?.aborted) onAbort();
  signal?.addEventListener("abort", onAbort);

  try {
    socket.write(dnsPacket.streamEncode(query));
    let pending: Buffer = Buffer.alloc(0);
    let messages = 0;
    try {
      for await (const chunk of socket as AsyncIterable<Buffer>) {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        while (pending.length >= 2) {
          const length = pending.readUInt16BE(0);
          if (pending.length < length + 2) break;
          const bytes = pending.subarray(2, length + 2);
          pending = pending.subarray(length + 2);
          messages += 1;
          yield checkedMessage(bytes, id, address, messages);
        }
      }
    } catch (error) {
      throw failure ?? (error instanceof ZoneReadError ? error : describeSocketError(error as NodeJS.ErrnoException, address));
    }
    if (failure) throw failure;
    if (pending.length > 0) {
      throw new ZoneReadError(
        "cut-off",
        `The zone server ${address.label} closed the connection in the middle of a message (message ${messages + 1}).`,
      );
    }
  } finally {
    clearTimeout(overall);
    signal?.removeEventListener("abort", onAbort);
    socket.destroy();
  }
}

function checkedMessage(bytes: Buffer, id: number, address: DnsServerAddress, index: number): DecodedPacket {
  let message: DecodedPacket;
  try {
    message = dnsPacket.decode(bytes) as DecodedPacket;
  } catch (error) {
    throw new ZoneReadError(
      "garbage",
      `The zone server ${address.label} sent message ${index} that is not valid DNS (${(error as Error).message}).`,
      {
        cause: error,
      },
    );
  }
  if (dnsPacket.decode.bytes !== bytes.length || message.type !== "response" || message.id !== id) {
    throw new ZoneReadError("garbage", `The zone server ${address.label} sent message ${index} that is not an answer to the query.`);
  }
  // dns-packet decodes the response code, though its types leave it out.
  const rcode = (message as DecodedPacket & { rcode?: string }).rcode ?? "NOERROR";
  if (rcode !== "NOERROR") {
    throw new ZoneReadError("rcode", `The zone server ${address.label} answered ${rcode}${rcodeHint(rcode)}.`);
  }
  if (message.flag_tc) {
    throw new ZoneReadError("garbage", `The zone server ${address.label} sent a truncated message over TCP.`);
  }
  return message;
}

function rcodeHint(rcode: string): string {
  if (rcode === "REFUSED") return " (it does not allow this address to transfer the zone)";
  if (rcode === "NOTAUTH") return " (it is not authoritative for the zone)";
  if (rcode === "NOTIMP") return " (it does not implement this query)";
  return "";
}

function describeSocketError(error: NodeJS.ErrnoException, address: DnsServerAddress): ZoneReadError {
  if (error instanceof ZoneReadError) return error;
  switch (error.code) {
    case "ECONNREFUSED":
      return new ZoneReadError("unreachable", `The zone server ${address.label} refused the connection.`, { cause: error });
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new ZoneReadError("unreachable", `The zone server's name ${address.host} could not be resolved.`, { cause: error });
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new ZoneReadError("unreachable", `The zone server ${address.label} cannot be reached.`, { cause: error });
    case "ECONNRESET":
    case "EPIPE":
      return new ZoneReadError("cut-off", `The zone server ${address.label} reset the connection.`, { cause: error });
    default:
      return new ZoneReadError("unreachable", `The connection to the zone server ${address.label} failed: ${error.message}`, {
        cause: error,
      });
  }
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
