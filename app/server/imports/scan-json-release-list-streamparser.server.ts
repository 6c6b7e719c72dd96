// TRIAL: the release-list scan on @streamparser/json instead of the hand-written scanner.
import { JSONParser } from "@streamparser/json";
import { JsonSyntaxError } from "./json-scanner.server";
import type { DataItemSink, ScanResult } from "./scan-json-release-list.server";

export function scanJsonReleaseListWithStreamparser<Sink extends DataItemSink>(
  input: string | Uint8Array,
  startData: () => Sink,
): ScanResult<Sink> {
  const parser = new JSONParser({ paths: ["$.data.*"], keepStack: true });
  const sinks = new Map<unknown[], Sink>();
  let currentArray: unknown[] | undefined;
  let currentSink: Sink | undefined;
  let root: unknown;
  parser.onValue = ({ value, parent, stack }) => {
    if (!Array.isArray(parent)) return;
    if (parent !== currentArray) {
      currentArray = parent;
      currentSink = startData();
      sinks.set(parent, currentSink);
      root = stack[1].value;
    }
    // Taken out of the array at once, so the tree never holds more than the item being handled.
    parent.pop();
    currentSink!.item(value);
  };
  try {
    if (typeof input === "string" && input.charCodeAt(0) === 0xfeff) throw new Error("Unexpected byte-order mark");
    parser.write(input);
    // The parser ends itself once the root value is complete, except after a bare number.
    if (!parser.isEnded) parser.end();
    // No item was seen: the document holds no data items, so its tree can be read whole.
    if (root === undefined) root = JSON.parse(typeof input === "string" ? input : new TextDecoder().decode(input));
  } catch (error) {
    throw new JsonSyntaxError((error as Error).message);
  }
  const isObject = typeof root === "object" && root !== null && !Array.isArray(root);
  const data = isObject ? (root as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return { shape: "other" };
  return { shape: "data-array", sink: sinks.get(data) ?? startData() };
}
