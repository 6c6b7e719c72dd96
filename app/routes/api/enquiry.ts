import { ENQUIRY_FIELDS, parseEnquiryForm } from "~/lib/enquiry-schema";
import { databaseOf } from "~/server/app-context.server";
import { submitEnquiry } from "~/server/enquiries/submit-enquiry.server";
import { handleMessageForm } from "~/server/http/message-form-action.server";
import type { Route } from "./+types/enquiry";

/** Only POST means anything here; a GET (someone following the form's action URL) gets a plain 405. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

/** POST /api/enquiry: the premium enquiry dialog's form (answers the dialog's fetcher). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleMessageForm(request, {
    form: "enquiry",
    fields: ENQUIRY_FIELDS,
    parse: parseEnquiryForm,
    failureMessage: "Kunde inte skicka förfrågan. Försök igen senare.",
    async submit(input, ipAddress) {
      const result = await submitEnquiry(await databaseOf(context), input, { ipAddress });
      return result.ok ? { ok: true } : { ok: false, formError: "Den här domänen är inte till salu.", status: 404 };
    },
  });
}
