import { z } from "zod";
import { FIELD_LIMITS, checkFields, emailField, messageField, readFields, singleLineField } from "./message-fields";

// The contact form: name, e-mail, subject and message are all required.
export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const contactSchema = z.object({
  name: singleLineField({
    min: 1,
    minMessage: "Ange ditt namn.",
    max: FIELD_LIMITS.name,
    maxMessage: `Namnet får vara högst ${FIELD_LIMITS.name} tecken.`,
    breakMessage: "Namnet får inte innehålla radbrytningar.",
  }),
  email: emailField,
  subject: singleLineField({
    min: 1,
    minMessage: "Ange ett ämne.",
    max: FIELD_LIMITS.subject,
    maxMessage: `Ämnet får vara högst ${FIELD_LIMITS.subject} tecken.`,
    breakMessage: "Ämnet får inte innehålla radbrytningar.",
  }),
  message: messageField({ min: 1, minMessage: "Skriv ett meddelande." }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export function parseContactForm(formData: FormData) {
  return checkFields<ContactInput, ContactField>(contactSchema, readFields(formData, CONTACT_FIELDS));
}
