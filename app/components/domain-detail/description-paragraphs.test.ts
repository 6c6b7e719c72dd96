import { describe, expect, it } from "vitest";
import { descriptionParagraphs } from "./description-paragraphs";

describe("descriptionParagraphs", () => {
  it.each([
    [null, []],
    ["", []],
    ["  \n \n", []],
    ["Ett kort namn.", ["Ett kort namn."]],
    ["Rad ett\nrad två", ["Rad ett\nrad två"]],
    ["Stycke ett.\n\nStycke två.", ["Stycke ett.", "Stycke två."]],
    ["Ett.\r\n\r\n\r\n\r\nTvå.\r\nTre.  ", ["Ett.", "Två.\nTre."]],
    ["  Indrag behålls inne i raden\n \t \nslut", ["Indrag behålls inne i raden", "slut"]],
    ["<b>inte html</b> & så", ["<b>inte html</b> & så"]],
  ])("%j -> %j", (text, paragraphs) => {
    expect(descriptionParagraphs(text)).toEqual(paragraphs);
  });
});
