import { readFileSync, writeFileSync } from "node:fs";

export type ProcessMemory = {
  /** VmRSS: resident now. */
  rssMb: number;
  /** VmHWM: the most resident since the process started, or since `resetPeakRss`. */
  peakMb: number;
  /**
   * The largest WebAssembly memory in the process (PGlite's heap): its size,
   * which only ever grows, and how much of it is resident. Undefined without one.
   */
  wasm?: { sizeMb: number; residentMb: number };
};

const toMb = (kb: number) => Math.round(kb / 1024);

/** What Linux says of process `pid`'s memory (/proc/<pid>/status and smaps). */
export function readProcessMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: toMb(kb("VmRSS")), peakMb: toMb(kb("VmHWM")), wasm: largestWasmMemory(pid) };
}

/** Sets VmHWM back to the current VmRSS, so the next reading's peak is that phase's own. */
export function resetPeakRss(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

type Mapping = { start: bigint; end: bigint; perms: string; name: string; rssKb: number };

/**
 * V8 places a 64-bit WebAssembly memory at the start of an 8 GiB reservation:
 * the usable part is a read-write anonymous mapping, the rest an inaccessible
 * one right after it. No other mapping of a Node process looks like that.
 */
function largestWasmMemory(pid: number): ProcessMemory["wasm"] {
  const mappings: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) mappings.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], name: head[4], rssKb: 0 });
    else if (line.startsWith("Rss:") && mappings.length) mappings[mappings.length - 1].rssKb = Number(line.split(/\s+/)[1]);
  }
  let found: Mapping | undefined;
  for (let index = 0; index + 1 < mappings.length; index++) {
    const [usable, guard] = [mappings[index], mappings[index + 1]];
    const isWasm =
      usable.perms.startsWith("rw") &&
      !usable.name &&
      guard.perms.startsWith("---") &&
      guard.start === usable.end &&
      guard.end - usable.start >= 4n << 30n;
    if (isWasm && (!found || usable.end - usable.start > found.end - found.start)) found = usable;
  }
  return found && { sizeMb: Math.round(Number(found.end - found.start) / 1048576), residentMb: toMb(found.rssKb) };
}
