import { describe, expect, it } from "vitest";
import { daysLeftSv } from "./statistics";
import { currentListCaption, measuredMorningsText } from "./statistics-page";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("measuredMorningsText", () => {
  it.each([
    [0, "De senaste 90 dagarna har vi inte mätt någon morgon på det sättet än."],
    [1, "Här räknas bara den enda morgonen under de senaste 90 dagarna som vi har mätt så. En tid stämmer på en omgång när."],
    [2, "Här räknas bara de 2 morgnar under de senaste 90 dagarna som vi har mätt så. En tid stämmer på en omgång när."],
    [90, "Här räknas bara de 90 morgnar under de senaste 90 dagarna som vi har mätt så. En tid stämmer på en omgång när."],
  ])("%i mornings", (mornings, expected) => {
    expect(measuredMorningsText(mornings)).toBe(expected);
  });
});

describe("currentListCaption", () => {
  it.each([
    [0, "Namnen som står"],
    [1, "Det enda namnet som står"],
    [1204, "De 1 204 namn som står"],
  ])("%i names", (total, start) => {
    expect(plain(currentListCaption(total))).toBe(`${start} på listorna för att släppas efter dagens släpp, efter längd, tecken, toppdomän och betyg.`);
  });
});

describe("daysLeftSv", () => {
  it.each([
    [0, "mindre än en dag"],
    [1, "1 dag"],
    [2, "2 dagar"],
    [89, "89 dagar"],
  ])("%i days", (days, expected) => {
    expect(daysLeftSv(days)).toBe(expected);
  });
});
