import { describe, expect, it } from "vitest";
import { BOOKMARK_FAILURE_TEXT, BOOKMARK_SIGN_IN_TEXT, bookmarkButtonText, bookmarkToast } from "./bookmark-texts";

describe("the words of following a name", () => {
  it("the button says what pressing it does", () => {
    expect(bookmarkButtonText(false)).toBe("Bevaka");
    expect(bookmarkButtonText(true)).toBe("Sluta bevaka");
  });

  it("the toast answers in the button's word, naming where the name is kept", () => {
    expect(bookmarkToast(true, "räksmörgås.se")).toEqual({
      title: "Bevakad",
      description: "Du bevakar nu räksmörgås.se. Den finns under Mina bokmärken.",
    });
    expect(bookmarkToast(false, "räksmörgås.se")).toEqual({ title: "Bevakning avslutad", description: "Du bevakar inte längre räksmörgås.se." });
  });

  it("every text of the act says bevaka, never bokmärka", () => {
    const texts = [
      bookmarkButtonText(false),
      bookmarkButtonText(true),
      ...Object.values(bookmarkToast(true, "a.se")),
      ...Object.values(bookmarkToast(false, "a.se")),
      BOOKMARK_SIGN_IN_TEXT.description,
      BOOKMARK_FAILURE_TEXT.description,
    ];
    for (const text of texts) expect(text).not.toMatch(/bokmärk(?!en)/i);
    expect(texts.filter((text) => /bevak/i.test(text))).toHaveLength(texts.length);
  });
});
