import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The decision records keep their own rules (docs/decisions/README.md): every record has a Status line,
// the index lists every record with that status, and a "superseded by" names a record that exists.
const DIR = "docs/decisions";
const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const NUMBERS = String.raw`\d{4}(?:, \d{4})*`;
const STATUS_LINE = new RegExp(
  String.raw`^Status: (?:Accepted \((${DATE})\)(?:; partly superseded by (${NUMBERS}))?` +
    String.raw`|Superseded by (\d{4}) \(accepted (${DATE})(?:; in part earlier by (${NUMBERS}))?\))$`,
  "m",
);

type Status = { kind: "Accepted" | "Partly superseded" | "Superseded"; accepted: string; supersededBy: string[] };

function numbersIn(text: string | undefined) {
  return text ? (text.match(/\b\d{4}\b/g) ?? []) : [];
}

/** The record's Status line, or a sentence saying what is wrong with it. */
function readStatus(text: string): Status | string {
  const line = text.match(/^Status:.*$/m)?.[0];
  if (!line) return "has no Status line";
  const match = line.match(STATUS_LINE);
  if (!match) return `has a Status line the index cannot read: "${line}"`;
  const [, acceptedDate, partly, supersededBy, supersededDate, earlier] = match;
  if (supersededBy) return { kind: "Superseded", accepted: supersededDate, supersededBy: [supersededBy, ...numbersIn(earlier)] };
  return { kind: partly ? "Partly superseded" : "Accepted", accepted: acceptedDate, supersededBy: numbersIn(partly) };
}

type IndexRow = { number: string; file: string; accepted: string; kind: string; supersededBy: string[] };

/** The index's table rows: | number | [title](file) | accepted | status | superseded by |. */
function readIndex(text: string): IndexRow[] {
  return text
    .split("\n")
    .filter((line) => /^\| \d{4} \|/.test(line))
    .map((line) => {
      const [number, title, accepted, kind, supersededBy] = line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim());
      const linked = [...supersededBy.matchAll(/\[(\d{4})\]/g)].map((link) => link[1]);
      return { number, file: title.match(/\]\(([^)]+)\)/)?.[1] ?? "", accepted, kind, supersededBy: linked };
    });
}

const recordFiles = readdirSync(DIR)
  .filter((name) => RECORD_FILE.test(name))
  .sort();
const records = recordFiles.map((file) => ({ file, number: file.slice(0, 4), text: readFileSync(join(DIR, file), "utf8") }));
const existing = new Set(records.map((record) => record.number));

describe("decision records", () => {
  it("are there to check", () => {
    expect(records.length).toBeGreaterThan(30);
  });

  it("each open with their number and title, and a Status line the index can read", () => {
    const problems = records.flatMap(({ file, number, text }) => {
      const status = readStatus(text);
      const heading = text.startsWith(`# ${Number(number)}. `) ? [] : [`${file} does not open with "# ${Number(number)}. <title>"`];
      return [...heading, ...(typeof status === "string" ? [`${file} ${status}`] : [])];
    });
    expect(problems).toEqual([]);
  });

  it("each have Context, Decision and Consequences", () => {
    const missing = records.flatMap(({ file, text }) =>
      ["Context", "Decision", "Consequences"]
        .filter((section) => !new RegExp(`^## ${section}$`, "m").test(text))
        .map((section) => `${file}: ## ${section}`),
    );
    expect(missing).toEqual([]);
  });

  it("are superseded only by records that exist", () => {
    const dangling = records.flatMap(({ file, text }) => {
      const status = readStatus(text);
      if (typeof status === "string") return [];
      return status.supersededBy
        .filter((number) => !existing.has(number))
        .map((number) => `${file} is superseded by ${number}, which does not exist`);
    });
    expect(dangling).toEqual([]);
  });

  it("are each listed in the index once, with their status", () => {
    const index = readIndex(readFileSync(join(DIR, "README.md"), "utf8"));
    const problems: string[] = [];
    for (const row of index) {
      if (!existing.has(row.number)) problems.push(`the index lists ${row.number}, which does not exist`);
      for (const number of row.supersededBy)
        if (!existing.has(number)) problems.push(`the index says ${row.number} is superseded by ${number}, which does not exist`);
    }
    for (const { file, number, text } of records) {
      const rows = index.filter((row) => row.number === number);
      if (rows.length !== 1) {
        problems.push(`${file} is listed ${rows.length} times in the index`);
        continue;
      }
      const [row] = rows;
      const status = readStatus(text);
      if (typeof status === "string") continue;
      if (row.file !== file || !existsSync(join(DIR, row.file))) problems.push(`the index links ${number} to ${row.file}, not ${file}`);
      if (row.kind !== status.kind) problems.push(`the index says ${number} is "${row.kind}", the record "${status.kind}"`);
      if (row.accepted !== status.accepted)
        problems.push(`the index says ${number} was accepted ${row.accepted}, the record ${status.accepted}`);
      if (row.supersededBy.join() !== status.supersededBy.join()) {
        problems.push(
          `the index says ${number} is superseded by [${row.supersededBy.join(", ")}], the record [${status.supersededBy.join(", ")}]`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("readStatus", () => {
  it.each([
    ["Status: Accepted (2026-11-22)", { kind: "Accepted", accepted: "2026-11-22", supersededBy: [] }],
    [
      "Status: Accepted (2026-11-22); partly superseded by 0014, 0037",
      { kind: "Partly superseded", accepted: "2026-11-22", supersededBy: ["0014", "0037"] },
    ],
    ["Status: Superseded by 0024 (accepted 2026-11-22)", { kind: "Superseded", accepted: "2026-11-22", supersededBy: ["0024"] }],
    [
      "Status: Superseded by 0024 (accepted 2026-11-22; in part earlier by 0015, 0041)",
      { kind: "Superseded", accepted: "2026-11-22", supersededBy: ["0024", "0015", "0041"] },
    ],
  ])("reads %s", (line, status) => {
    expect(readStatus(`# 1. A title\n\n${line}\n`)).toEqual(status);
  });

  it.each([
    "# 1. A title\n\nNo status here.\n",
    "# 1. A title\n\nStatus: accepted, amended by 0040\n",
    "# 1. A title\n\nStatus: Superseded\n",
  ])("refuses %j", (text) => {
    expect(typeof readStatus(text)).toBe("string");
  });
});
