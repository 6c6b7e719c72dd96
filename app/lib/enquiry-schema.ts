import { z } from "zod";
import { FIELD_LIMITS, checkFields, emailField, messageField, readFields, singleLineField } from "./message-fields";

// The enquiry form: its messages are the product's own (docs/product.md, "The texts that matter").
export const ENQUIRY_FIELDS = ["domain", "name", "email", "phone", "message"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

// Digits with the usual separators and an optional leading +, e.g. "+46 70-123 45 67", "(08) 123 456".
const PHONE = /^\+?[0-9(][0-9 ()\-./]*$/;

export const enquirySchema = z.object({
  domain: z.string().trim().min(1, { error: "Domännamn saknas." }).max(300, { error: "Domännamn saknas." }),
  name: singleLineField({
    min: 2,
    minMessage: "Namn måste vara minst 2 tecken.",
    max: FIELD_LIMITS.name,
    maxMessage: `Namnet får vara högst ${FIELD_LIMITS.name} tecken.`,
    breakMessage: "Namnet får inte innehålla radbrytningar.",
  }),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(FIELD_LIMITS.phone, { error: `Telefonnumret får vara högst ${FIELD_LIMITS.phone} tecken.` })
    .refine((value) => value === "" || (PHONE.test(value) && countDigits(value) >= 5 && countDigits(value) <= 20), {
      error: "Ange ett giltigt telefonnummer.",
    })
    .transform((value) => (value === "" ? null : value)),
  message: messageField({ min: 10, minMessage: "Meddelandet måste vara minst 10 tecken." }),
});

export type EnquiryInput = z.infer<typeof enquirySchema>;

export function parseEnquiryForm(formData: FormData) {
  return checkFields<EnquiryInput, EnquiryField>(enquirySchema, readFields(formData, ENQUIRY_FIELDS));
}

/** The text the dialog's message starts with. */
export function enquiryInterestText(domainName: string) {
  return `Hej! Jag är intresserad av domänen ${domainName}. Vänligen kontakta mig med mer information.`;
}

function countDigits(value: string) {
  return value.replace(/\D/g, "").length;
}
