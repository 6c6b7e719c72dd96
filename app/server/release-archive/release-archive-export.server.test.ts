import { expect, it } from "vitest";
import type { ArchiveName } from "~/domain/release-archive";
import { archiveExportDocument, archiveExportRow } from "./release-archive-export.server";

const taken: ArchiveName = {
  name: "xn--rksmrgs-5wao1o.se",
  unicodeName: "räksmörgås.se",
  tld: ".se",
  length: 10,
  nameChars: 1,
  wordClass: null,
  score: 72,
  verdict: { outcome: "taken", at: Date.parse("2030-02-14T06:15:00Z"), source: "zone" },
  operator: { name: "=HYPERLINK(1)", fromTable: true },
};

it("writes the Excel file with a decimal comma, ja/nej and no formula, and the comma file with a point", () => {
  const row = archiveExportRow(taken, "2030-02-14", "https://x.se/");
  expect(row).toMatchObject({ hoursToRegistered: 2.3, registeredAgainSource: "zone", url: "https://x.se/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se" });
  const excel = archiveExportDocument("csv", [row]);
  expect(excel.startsWith("\uFEFFname;ace;tld;length;")).toBe(true);
  expect(excel).toContain(";2,3;;'=HYPERLINK(1);ja;72;Mycket bra;");
  expect(archiveExportDocument("csv-comma", [row])).toContain(",2.3,,'=HYPERLINK(1),ja,72,Mycket bra,");
  expect(JSON.parse(archiveExportDocument("json", [row]))).toEqual([row]);
  expect(archiveExportDocument("json", [])).toBe("[]\n");
});
