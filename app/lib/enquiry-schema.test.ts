import { describe, expect, it } from "vitest";
import { formDataOf } from "~tests/factories/messages";
import { enquiryInterestText, parseEnquiryForm } from "./enquiry-schema";

const valid = { domain: "kaffe.nu", name: "Anna", email: "anna@example.se", phone: "", message: "Hej, vad kostar domänen?" };
const errorsFor = (overrides: Record<string, string>) => {
  const result = parseEnquiryForm(formDataOf({ ...valid, ...overrides }));
  return result.ok ? {} : result.fieldErrors;
};

describe("enquiry form", () => {
  it("accepts a valid enquiry, trimming and turning an empty phone into null", () => {
    expect(parseEnquiryForm(formDataOf({ ...valid, name: "  Anna  ", email: " anna@example.se " }))).toEqual({
      ok: true,
      data: { ...valid, name: "Anna", phone: null },
    });
  });

  it.each([
    ["name", "A", "Namn måste vara minst 2 tecken."],
    ["name", "   A   ", "Namn måste vara minst 2 tecken."],
    ["name", "x".repeat(101), "Namnet får vara högst 100 tecken."],
    ["name", "Anna\r\nBcc: x@y.z", "Namnet får inte innehålla radbrytningar."],
    ["name", "Anna\nBcc: x@y.z", "Namnet får inte innehålla radbrytningar."],
    ["name", "Anna\u0000", "Fältet innehåller otillåtna tecken."],
    ["email", "", "Vänligen ange en giltig e-postadress."],
    ["email", "anna", "Vänligen ange en giltig e-postadress."],
    ["email", "anna@example.se\r\nBcc: x@y.z", "Vänligen ange en giltig e-postadress."],
    ["email", `${"a".repeat(250)}@example.se`, "Vänligen ange en giltig e-postadress."],
    ["phone", "abc", "Ange ett giltigt telefonnummer."],
    ["phone", "12", "Ange ett giltigt telefonnummer."],
    ["phone", "+46 70\r\n123", "Ange ett giltigt telefonnummer."],
    ["phone", "1".repeat(41), "Telefonnumret får vara högst 40 tecken."],
    ["message", "för kort", "Meddelandet måste vara minst 10 tecken."],
    ["message", "x".repeat(1024 * 1024), "Meddelandet får vara högst 5000 tecken."],
  ])("%s %j → %s", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it.each(["+46 70-123 45 67", "070-123 45 67", "(08) 123 456", "0046701234567"])("accepts the phone number %s", (phone) => {
    expect(errorsFor({ phone })).toEqual({});
  });

  it("keeps scripts and HTML as plain text (escaping is the mail's job) and reports every bad field at once", () => {
    expect(errorsFor({ message: "<script>alert(1)</script>" })).toEqual({});
    expect(errorsFor({ name: "", email: "x", message: "" })).toEqual({
      name: "Namn måste vara minst 2 tecken.",
      email: "Vänligen ange en giltig e-postadress.",
      message: "Meddelandet måste vara minst 10 tecken.",
    });
  });

  it("treats missing fields and uploaded files as empty", () => {
    const formData = new FormData();
    formData.set("name", new File(["Anna"], "name.txt"));
    const result = parseEnquiryForm(formData);
    expect(result.ok).toBe(false);
    expect(result.ok ? null : Object.keys(result.fieldErrors).sort()).toEqual(["domain", "email", "message", "name"]);
  });

  it("prefills an interest text naming the domain", () => {
    expect(enquiryInterestText("räksmörgås.se")).toBe(
      "Hej! Jag är intresserad av domänen räksmörgås.se. Vänligen kontakta mig med mer information.",
    );
  });
});
