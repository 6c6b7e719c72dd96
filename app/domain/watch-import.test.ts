import { describe, expect, it } from "vitest";
import {
  checkWatchName,
  parseWatchImport,
  planWatchImport,
  WATCH_IMPORT_MAX_BYTES,
  WATCH_IMPORT_MAX_LINES,
  watchImportSavedToast,
} from "./watch-import";
import { readImportRows } from "./watch-import-lines";

const ok = (input: string) => {
  const list = parseWatchImport(input);
  if (!list.ok) throw new Error(list.error);
  return list;
};

describe("checkWatchName", () => {
  it.each([
    ["hund.se", "hund.se", "hund.se"],
    ["  HUND.NU  ", "hund.nu", "hund.nu"],
    ["räksmörgås.se", "xn--rksmrgs-5wao1o.se", "räksmörgås.se"],
    ["XN--RKSMRGS-5WAO1O.SE", "xn--rksmrgs-5wao1o.se", "räksmörgås.se"],
    ["hund.se.", "hund.se", "hund.se"],
    [`${"a".repeat(63)}.se`, `${"a".repeat(63)}.se`, `${"a".repeat(63)}.se`],
  ])("%s is %s", (cell, ace, unicode) => {
    expect(checkWatchName(cell)).toEqual({ ok: true, ace, unicode });
  });

  it.each([
    ["", "empty", "Ingen domän på raden"],
    ["räk smörgås.se", "spaces", "Innehåller mellanslag"],
    ["hund", "no-tld", "Saknar toppdomän: skriv hela namnet, med .se eller .nu"],
    ["hund.com", "other-tld", "Fel toppdomän (.com): bara .se och .nu kan bevakas"],
    ["HUND.DK", "other-tld", "Fel toppdomän (.dk): bara .se och .nu kan bevakas"],
    ["www.hund.se", "subdomain", "En underdomän: bara namn direkt under .se eller .nu kan bevakas"],
    [`${"a".repeat(64)}.se`, "too-long", "För långt: 64 tecken före toppdomänen, högst 63"],
    [`å${"a".repeat(60)}.se`, "too-long", expect.stringMatching(/^För långt: \d+ tecken i xn--formen före toppdomänen, högst 63$/)],
    ["hund!.se", "invalid", "Ogiltiga tecken: bara bokstäver, siffror och bindestreck (inte först eller sist)"],
    ["-hund.se", "invalid", expect.stringContaining("Ogiltiga tecken")],
    ["🐶.se", "invalid", expect.stringContaining("Ogiltiga tecken")],
  ])("%j is refused (%s)", (cell, kind, reason) => {
    expect(checkWatchName(cell)).toEqual({ ok: false, kind, reason });
  });
});

describe("parseWatchImport: plain text", () => {
  it("reports every kind of bad line with its number and keeps the rest, first line of each name winning", () => {
    const list = ok(
      [
        "hund.se", // 1
        "katt.com", // 2
        "räk smörgås.se", // 3
        `${"b".repeat(64)}.se`, // 4
        "", // 5
        "räksmörgås.se", // 6
        "XN--RKSMRGS-5WAO1O.SE", // 7: the same name in its other form
        "hund.se", // 8
        "kanin", // 9
        "  Häst.NU  ", // 10
        "", // trailing empty lines are not reported
        "",
      ].join("\r\n"),
    );
    expect(list.format).toBe("text");
    expect(list.names).toEqual([
      { line: 1, ace: "hund.se", unicode: "hund.se" },
      { line: 6, ace: "xn--rksmrgs-5wao1o.se", unicode: "räksmörgås.se" },
      { line: 10, ace: "xn--hst-qla.nu", unicode: "häst.nu" },
    ]);
    expect(list.refused.map(({ line, kind, reason }) => [line, kind, reason])).toEqual([
      [2, "other-tld", "Fel toppdomän (.com): bara .se och .nu kan bevakas"],
      [3, "spaces", "Innehåller mellanslag"],
      [4, "too-long", "För långt: 64 tecken före toppdomänen, högst 63"],
      [5, "empty", "Tom rad"],
      [7, "duplicate", "Samma domän som rad 6 (räksmörgås.se)"],
      [8, "duplicate", "Samma domän som rad 1"],
      [9, "no-tld", "Saknar toppdomän: skriv hela namnet, med .se eller .nu"],
    ]);
  });

  it("shows a refused line's text trimmed and cut", () => {
    const long = `${"x".repeat(100)} y.se`;
    const [refused] = ok(long).refused;
    expect([...refused.text]).toHaveLength(60);
    expect(refused.text.endsWith("…")).toBe(true);
  });

  it("reads a lone CR or LF as a line end too, and an empty line first is reported", () => {
    expect(ok("\nhund.se\rkatt.se\n").names.map((name) => [name.line, name.ace])).toEqual([
      [2, "hund.se"],
      [3, "katt.se"],
    ]);
    expect(ok("\nhund.se").refused).toEqual([{ line: 1, text: "", kind: "empty", reason: "Tom rad" }]);
  });

  it("refuses a list over the caps, or with nothing in it, as a whole", () => {
    const lines = Array.from({ length: WATCH_IMPORT_MAX_LINES + 1 }, (_, index) => `n${index}.se`);
    expect(parseWatchImport(lines.join("\n"))).toEqual({ ok: false, error: "Listan har 2\u00a0001 rader. Högst 2\u00a0000 åt gången – dela upp den." });
    expect(parseWatchImport(lines.slice(1).join("\n") + "\n\n\n")).toMatchObject({ ok: true });
    expect(parseWatchImport("a".repeat(WATCH_IMPORT_MAX_BYTES + 1))).toEqual({
      ok: false,
      error: "Listan är för stor (513 kB). Högst 512 kB åt gången – dela upp den.",
    });
    // Counted in UTF-8 bytes: å is two.
    expect(parseWatchImport("å".repeat(WATCH_IMPORT_MAX_BYTES / 2 + 1))).toMatchObject({ ok: false });
    expect(parseWatchImport(" \n\n ")).toEqual({ ok: false, error: "Klistra in en lista eller välj en fil med en domän per rad." });
  });
});

describe("parseWatchImport: CSV", () => {
  it("reads the name column by its header, with a byte order mark, semicolons, quotes and CRLF", () => {
    const list = ok('\uFEFFid;Domän;pris\r\n1;hund.se;100\r\n2;"räksmörgås.se";"1;5"\r\n3;katt.com;\r\n4;;\r\n');
    expect(list.format).toBe("csv");
    expect(list.names.map((name) => [name.line, name.ace])).toEqual([
      [2, "hund.se"],
      [3, "xn--rksmrgs-5wao1o.se"],
    ]);
    expect(list.refused.map(({ line, text, kind }) => [line, text, kind])).toEqual([
      [4, "3;katt.com;", "other-tld"],
      [5, "4;;", "empty"],
    ]);
  });

  it("takes the account's own download (name, then ace) by its name column", () => {
    const list = ok('\uFEFFname;ace;tld\r\nräksmörgås.se;xn--rksmrgs-5wao1o.se;.se\r\nhund.nu;hund.nu;.nu\r\n');
    expect(list.names.map((name) => name.unicode)).toEqual(["räksmörgås.se", "hund.nu"]);
    expect(list.refused).toEqual([]);
  });

  it.each([
    ["commas, no header: the first column", "hund.se,1\nkatt.se,2", ["hund.se", "katt.se"]],
    ["tabs", "namn\tpris\nhund.se\t1", ["hund.se"]],
    ["a header alone", "Domain\nhund.se\nkatt.se", ["hund.se", "katt.se"]],
    ["a quoted field over two lines", 'domän,not\nhund.se,"rad ett\nrad två"\nkatt.se,x', ["hund.se", "katt.se"]],
    ['a quote ("") inside a quoted field', 'name,note\n"hund.se","sa ""hej"""', ["hund.se"]],
  ])("%s", (_title, input, names) => {
    const list = ok(input);
    expect(list.names.map((name) => name.unicode)).toEqual(names);
    expect(list.refused).toEqual([]);
  });

  it("keeps a row's first line when a quoted field spans lines", () => {
    const list = ok('domän,not\nhund.se,"ett\ntvå"\nkatt.com,x');
    expect(list.refused.map((line) => line.line)).toEqual([4]);
  });
});

describe("readImportRows", () => {
  it("picks the separator the first line holds most of", () => {
    expect(readImportRows("a;b,c;d\n").rows[0].cell).toBe("a");
    expect(readImportRows("a,b,c;d\n").rows[0].cell).toBe("a");
    expect(readImportRows("a,b,c;d\n").rows[0].text).toBe("a,b,c;d");
    expect(readImportRows("hund.se\nkatt.se").format).toBe("text");
  });
});

describe("planWatchImport", () => {
  const list = ok(["a.se", "b.se", "hund.com", "c.se", "d.se"].join("\n"));

  it("adds what the account does not watch, in list order, while it fits; the rest are over the limit", () => {
    const plan = planWatchImport(list, new Set(["b.se"]), 8, 10);
    expect(plan.toAdd.map((name) => name.ace)).toEqual(["a.se", "c.se"]);
    expect(plan.alreadyWatched.map((name) => name.ace)).toEqual(["b.se"]);
    expect(plan.refused.map(({ line, kind, reason }) => [line, kind, reason])).toEqual([
      [3, "other-tld", "Fel toppdomän (.com): bara .se och .nu kan bevakas"],
      [5, "over-limit", "Ryms inte: ett konto kan bevaka högst 10 domäner"],
    ]);
  });

  it("adds nothing to a full account but shows what it watches already", () => {
    const plan = planWatchImport(list, new Set(["a.se"]), 1000, 1000);
    expect(plan.toAdd).toEqual([]);
    expect(plan.alreadyWatched).toHaveLength(1);
    expect(plan.refused.filter((line) => line.kind === "over-limit").map((line) => line.line)).toEqual([2, 4, 5]);
  });

  it("takes 1,000 of 1,001 names on an empty account and refuses the last", () => {
    const many = ok(Array.from({ length: 1001 }, (_, index) => `namn${index}.se`).join("\n"));
    const plan = planWatchImport(many, new Set(), 0, 1000);
    expect(plan.toAdd).toHaveLength(1000);
    expect(plan.refused).toEqual([{ line: 1001, text: "namn1000.se", kind: "over-limit", reason: "Ryms inte: ett konto kan bevaka högst 1\u00a0000 domäner" }]);
  });
});

describe("watchImportSavedToast", () => {
  it.each([
    [{ added: 1, alreadyWatched: 0, refused: 0 }, { title: "1 domän bevakas nu", description: "De finns under Mina bokmärken." }],
    [{ added: 1200, alreadyWatched: 1, refused: 3 }, { title: "1\u00a0200 domäner bevakas nu", description: "1 domän bevakades redan. 3 rader togs inte med." }],
  ])("%j", (plan, toast) => {
    expect(watchImportSavedToast(plan)).toEqual(toast);
  });
});
