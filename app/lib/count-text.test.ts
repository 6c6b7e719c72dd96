import { describe, expect, it } from "vitest";
import { foundCountText, searchCountText, searchHitsText, showingCountText } from "./count-text";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("count texts", () => {
  it.each([
    [0, "Inga domäner hittades"],
    [1, "1 domän hittades"],
    [2, "2 domäner hittades"],
    [50, "50 domäner hittades"],
    [12345, "12 345 domäner hittades"],
  ])("found %i -> %s", (n, expected) => {
    expect(plain(foundCountText(n))).toBe(expected);
  });

  it.each([
    ["räk", 0, 'Sökning "räk" gav 0 träffar'],
    ["räk", 1, 'Sökning "räk" gav 1 träff'],
    ["hund", 50, 'Sökning "hund" gav 50 träffar'],
  ])("search %s %i -> %s", (text, n, expected) => {
    expect(searchHitsText(text, n)).toBe(expected);
  });

  it("says a soon-available search at its cap shows the first matches, not that it found exactly that many", () => {
    expect(searchHitsText("hund", 49, 50)).toBe('Sökning "hund" gav 49 träffar');
    expect(searchHitsText("hund", 50, 50)).toBe('Sökning "hund": visar de 50 första träffarna');
  });

  it.each([
    [0, null, "Inga domäner hittades"],
    [1, null, "1 domän hittades"],
    [37, { count: 37, more: false }, "37 domäner hittades"],
    [50, { count: 50, more: false }, "50 domäner hittades"],
    [50, { count: 1204, more: false }, "1 204 domäner hittades. Visar de 50 första träffarna."],
    [50, { count: 51, more: false }, "51 domäner hittades. Visar de 50 första träffarna."],
    [50, { count: 1000, more: true }, "Fler än 1 000 domäner hittades. Visar de 50 första träffarna."],
    [50, null, "Visar de 50 första träffarna."],
  ])("the public search showing %i of %j", (shown, total, expected) => {
    expect(plain(searchCountText(shown, 50, total))).toBe(expected);
  });

  it.each([
    [100, 2500, 0, "Visar 100 av 2 500 domäner"],
    [200, 2500, 7, "Visar 200 av 2 500 domäner (varav 7 markerade)"],
    [0, 0, 0, "Visar 0 av 0 domäner"],
  ])("showing %i of %i, %i featured", (shown, total, featured, expected) => {
    expect(plain(showingCountText(shown, total, featured))).toBe(expected);
  });
});
