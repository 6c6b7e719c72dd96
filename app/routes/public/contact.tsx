import { Mail } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ContactForm } from "~/components/contact-form";
import { CONTACT_FIELDS, parseContactForm } from "~/lib/contact-schema";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { submitContactMessage } from "~/server/contact/submit-contact-message.server";
import { handleMessageForm } from "~/server/http/message-form-action.server";
import { databaseOf } from "~/server/app-context.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Kontakta oss",
    description: "Har du frågor om domäner, premiumdomäner eller tjänsten? Skicka ett meddelande så återkommer vi så snart som möjligt.",
    path: "/contact",
  });

export function loader() {
  return { contactEmail: getSiteConfig().contactEmail };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleMessageForm(request, {
    form: "contact",
    fields: CONTACT_FIELDS,
    parse: parseContactForm,
    failureMessage: "Kunde inte skicka meddelandet. Försök igen senare.",
    async submit(input, ipAddress) {
      await submitContactMessage(await databaseOf(context), input, { ipAddress });
      return { ok: true };
    },
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-slate-900">Kontakta oss</h1>
        <p className="text-slate-700">Har du frågor om en domän, ett premiumnamn eller tjänsten? Skriv till oss så återkommer vi.</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="sr-only">
            Skicka ett meddelande
          </h2>
          <ContactForm result={actionData} />
        </section>
        <aside className="space-y-4" aria-label="Kontaktuppgifter och vanliga frågor">
          <Card>
            <CardHeader>
              <CardTitle>
                <span className="flex items-center gap-2">
                  <Mail aria-hidden="true" className="size-5 text-brand-700" /> E-post
                </span>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <a href={`mailto:${loaderData.contactEmail}`} className="break-all text-brand-700 underline underline-offset-4">
                {loaderData.contactEmail}
              </a>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Vanliga frågor</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4 text-sm text-slate-700">
              <div>
                <h3 className="font-semibold text-slate-900">Hur snabbt får jag svar?</h3>
                <p>Vi svarar vanligtvis inom 24 timmar på vardagar.</p>
              </div>
              <div>
                <h3 className="font-semibold text-slate-900">Erbjuder ni teknisk support?</h3>
                <p>Ja, teknisk support finns tillgänglig. Beskriv problemet i ditt meddelande så hjälper vi dig.</p>
              </div>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
