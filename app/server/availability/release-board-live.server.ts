import type { BoardChange, MorningStatus } from "~/domain/release-board";
import { getHandle } from "~/server/services.server";
import { logger } from "~/server/logger.server";
import { boardDateOf, readStoredBoard, type StoredBoard } from "./release-board.server";

/** How often the one shared reader looks at the day's board while anyone watches it. */
export const BOARD_POLL_MS = 2000;
/** A comment this often keeps proxies from closing a quiet stream. */
export const BOARD_HEARTBEAT_MS = 15_000;
/** A client this many events behind (not reading) is let go; its browser reconnects. */
const MAX_QUEUED_EVENTS = 64;
/**
 * Open streams one client may hold (a client is its address's rate-limit bucket: an IPv6 /64, an
 * IPv4 address in either form): a few tabs and devices behind one address are normal, hundreds
 * are someone holding the server's sockets. More are refused with a 429.
 */
export const MAX_STREAMS_PER_CLIENT = 20;

/**
 * What the stream sends: `board` (every name seen free or taken, once, to a new connection),
 * `change` (the names whose times changed since the last look) and `reload` (the board moved to
 * another day: the page reads itself again). Each carries the morning; the page counts and draws
 * its chart from the names' times (app/domain/release-board.ts, boardCounts), so they agree.
 */
export type BoardEvent = {
  releaseDate: string;
  changes: BoardChange[];
  morning: MorningStatus;
};

type Subscriber = { enqueue(chunk: Uint8Array): boolean; close(): void; fresh: boolean };

export type BoardHub = {
  /**
   * A text/event-stream Response following the board until the client leaves or the hub closes;
   * a 429 when `client` (its address's bucket; none: not counted) already holds MAX_STREAMS_PER_CLIENT streams.
   */
  stream(signal: AbortSignal, client?: string): Response;
  /** Connections open now. */
  size(): number;
  /** Ends every stream and refuses new ones (shutdown); browsers reconnect elsewhere. */
  close(): void;
};

const encoder = new TextEncoder();
const eventChunk = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
// Browsers wait this long before reconnecting after the server ended a stream (a restart, a deploy).
const RETRY_CHUNK = encoder.encode("retry: 3000\n\n");
const HEARTBEAT_CHUNK = encoder.encode(": ping\n\n");

const timesOf = (board: StoredBoard) =>
  new Map(board.names.map((name): [string, BoardChange] => [name.name, [name.name, name.firstFreeAt, name.takenAt]]));

/**
 * One reader per process for every open board (decision in docs/product.md, "The release morning,
 * measured"): while at least one connection is open it reads the day's board every `pollMs`
 * (one statement for the names, one for the morning, whatever the number of viewers), compares it
 * with the last reading and writes the same encoded event to every connection. Writes by the
 * rounds on another instance are seen as soon as by this one's. Nothing runs while nobody watches.
 */
export function createBoardHub(options: {
  read: (releaseDate: string) => Promise<StoredBoard>;
  now?: () => Date;
  pollMs?: number;
  heartbeatMs?: number;
}): BoardHub {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? BOARD_POLL_MS;
  const subscribers = new Set<Subscriber>();
  const openPerClient = new Map<string, number>();
  let last: { releaseDate: string; times: Map<string, BoardChange>; morningKey: string } | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  function broadcast(chunk: Uint8Array, to: Iterable<Subscriber> = subscribers) {
    for (const subscriber of to) {
      if (!subscriber.enqueue(chunk)) subscriber.close();
    }
  }

  async function poll() {
    pollTimer = null;
    try {
      const board = await options.read(boardDateOf(now()));
      const times = timesOf(board);
      const morningKey = JSON.stringify(board.morning);
      const base = { releaseDate: board.releaseDate, morning: board.morning };
      const fresh = [...subscribers].filter((subscriber) => subscriber.fresh);
      const known = [...subscribers].filter((subscriber) => !subscriber.fresh);
      if (fresh.length > 0) {
        const seen = [...times.values()].filter(([, firstFreeAt, takenAt]) => firstFreeAt !== null || takenAt !== null);
        broadcast(eventChunk("board", { ...base, changes: seen } satisfies BoardEvent), fresh);
        for (const subscriber of fresh) subscriber.fresh = false;
      }
      if (last && known.length > 0) {
        if (last.releaseDate !== board.releaseDate) {
          broadcast(eventChunk("reload", base), known);
        } else {
          const previous = last.times;
          const changes = [...times.values()].filter(([name, firstFreeAt, takenAt]) => {
            const before = previous.get(name);
            return !before || before[1] !== firstFreeAt || before[2] !== takenAt;
          });
          if (changes.length > 0 || morningKey !== last.morningKey)
            broadcast(eventChunk("change", { ...base, changes } satisfies BoardEvent), known);
        }
      }
      last = { releaseDate: board.releaseDate, times, morningKey };
    } catch (error) {
      // The streams stay open; the next look tries again.
      logger.warn({ err: error }, "reading the release board for its live viewers failed");
    }
    if (subscribers.size > 0 && !closed) pollTimer = setTimeout(poll, pollMs);
  }

  function startWatching() {
    pollTimer ??= setTimeout(poll, 0);
    heartbeat ??= setInterval(() => broadcast(HEARTBEAT_CHUNK), options.heartbeatMs ?? BOARD_HEARTBEAT_MS);
  }

  function stopWhenEmpty() {
    if (subscribers.size > 0) return;
    if (pollTimer) clearTimeout(pollTimer);
    if (heartbeat) clearInterval(heartbeat);
    pollTimer = null;
    heartbeat = null;
    // Without viewers the reading goes stale; the next viewer starts from a fresh one.
    last = null;
  }

  return {
    stream(signal, client) {
      const open = client === undefined ? 0 : (openPerClient.get(client) ?? 0);
      if (client !== undefined && open >= MAX_STREAMS_PER_CLIENT) {
        return new Response("För många öppna anslutningar till Släpps idag från din adress. Stäng några flikar och försök igen.", {
          status: 429,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
        });
      }
      if (client !== undefined) openPerClient.set(client, open + 1);
      let released = client === undefined;
      const releaseSlot = () => {
        if (released || client === undefined) return;
        released = true;
        const left = (openPerClient.get(client) ?? 1) - 1;
        if (left > 0) openPerClient.set(client, left);
        else openPerClient.delete(client);
      };
      let subscriber: Subscriber | null = null;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(RETRY_CHUNK);
          if (closed || signal.aborted) {
            releaseSlot();
            return controller.close();
          }
          const current: Subscriber = {
            fresh: true,
            enqueue(chunk) {
              if ((controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) return false;
              controller.enqueue(chunk);
              return true;
            },
            close() {
              releaseSlot();
              if (!subscribers.delete(current)) return;
              signal.removeEventListener("abort", current.close);
              try {
                controller.close();
              } catch {
                // Already closed by the client's side.
              }
              stopWhenEmpty();
            },
          };
          subscriber = current;
          subscribers.add(current);
          signal.addEventListener("abort", current.close, { once: true });
          startWatching();
        },
        cancel() {
          subscriber?.close();
        },
      });
      return new Response(body, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          // no-transform: the server's gzip leaves the stream alone, so each event leaves at once.
          "Cache-Control": "no-cache, no-transform",
          "X-Accel-Buffering": "no",
        },
      });
    },
    size: () => subscribers.size,
    close() {
      closed = true;
      for (const subscriber of [...subscribers]) subscriber.close();
    },
  };
}

// One hub per process, on the app's database (the embedded one's single connection included).
const state = globalThis as typeof globalThis & { __snartBoardHub?: BoardHub };

export function releaseBoardHub(): BoardHub {
  state.__snartBoardHub ??= createBoardHub({ read: async (releaseDate) => readStoredBoard(await getHandle(), releaseDate) });
  return state.__snartBoardHub;
}

/** Shutdown (server.js): the open boards' streams end, so they do not hold the server open. */
export function closeReleaseBoardStreams() {
  state.__snartBoardHub?.close();
}

/** Tests that close the process's hub start the next one afresh. */
export function forgetReleaseBoardHubForTests() {
  state.__snartBoardHub?.close();
  state.__snartBoardHub = undefined;
}
