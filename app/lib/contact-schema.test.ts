import { describe, expect, it } from "vitest";
import { formDataOf } from "~tests/factories/messages";
import { parseContactForm } from "./contact-schema";

const valid = { name: "Bertil", email: "bertil@example.se", subject: "Fråga", message: "Hej!" };
const errorsFor = (overrides: Record<string, string>) => {
  const result = parseContactForm(formDataOf({ ...valid, ...overrides }));
  return result.ok ? {} : result.fieldErrors;
};

describe("contact form", () => {
  it("accepts a valid message", () => {
    expect(parseContactForm(formDataOf(valid))).toEqual({ ok: true, data: valid });
  });

  it.each([
    ["name", "  ", "Ange ditt namn."],
    ["name", "B\r\nBcc: x@y.z", "Namnet får inte innehålla radbrytningar."],
    ["email", "bertil@", "Vänligen ange en giltig e-postadress."],
    ["subject", "", "Ange ett ämne."],
    ["subject", "Hej\r\nBcc: x@y.z", "Ämnet får inte innehålla radbrytningar."],
    ["subject", "x".repeat(201), "Ämnet får vara högst 200 tecken."],
    ["message", " ", "Skriv ett meddelande."],
    ["message", "x".repeat(5001), "Meddelandet får vara högst 5000 tecken."],
  ])("%s %j → %s", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it("requires every field", () => {
    const result = parseContactForm(new FormData());
    expect(result.ok ? [] : Object.keys(result.fieldErrors).sort()).toEqual(["email", "message", "name", "subject"]);
  });
});
