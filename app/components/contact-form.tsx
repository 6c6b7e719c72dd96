import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "sonner";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { HoneypotField } from "~/components/honeypot-field";
import { parseContactForm, type ContactField } from "~/lib/contact-schema";
import { FIELD_LIMITS, type FieldErrors, type MessageActionResult } from "~/lib/message-fields";

export const CONTACT_SUCCESS = { title: "Meddelande skickat", description: "Tack för ditt meddelande. Vi återkommer så snart som möjligt." };
export const CONTACT_FAILURE = { title: "Ett fel uppstod", description: "Kunde inte skicka meddelandet. Försök igen senare." };

/**
 * The /contact form (docs/product.md, "Premium names"). A plain POST to the page, so it works before
 * JavaScript loads: the server then renders the outcome in the page. With
 * JavaScript the same outcome becomes a toast and a cleared form.
 */
export function ContactForm({ result }: { result: MessageActionResult<ContactField> | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [hydrated, setHydrated] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors<ContactField> | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!result || handled.current === result || navigation.state !== "idle") return;
    handled.current = result;
    if (result.ok) {
      toast.success(CONTACT_SUCCESS.title, { description: CONTACT_SUCCESS.description });
      setSentCount((count) => count + 1);
    } else {
      toast.error(CONTACT_FAILURE.title, { description: result.formError ?? CONTACT_FAILURE.description });
      focusFirstInvalid(formRef.current);
    }
  }, [result, navigation.state]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const check = parseContactForm(new FormData(event.currentTarget));
    if (check.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(check.fieldErrors);
    focusFirstInvalid(event.currentTarget);
  }

  const failed = result && !result.ok ? result : null;
  const errors = clientErrors ?? failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  // Without JavaScript there is no toast, so the outcome is written into the page.
  const showInlineOutcome = !hydrated && result !== undefined;

  return (
    <Form
      key={sentCount}
      ref={formRef}
      method="post"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="relative space-y-4"
      aria-label="Kontaktformulär"
    >
      {showInlineOutcome && result?.ok ? (
        <Alert role="status" variant="success">
          <strong>{CONTACT_SUCCESS.title}</strong> {CONTACT_SUCCESS.description}
        </Alert>
      ) : null}
      {failed?.formError || (showInlineOutcome && failed) ? (
        <Alert role="alert" variant="destructive">
          <strong>{CONTACT_FAILURE.title}</strong> {failed?.formError ?? "Kontrollera fälten nedan."}
        </Alert>
      ) : null}
      <HoneypotField />
      <Field label="Namn" error={errors.name}>
        {(ids) => (
          <Input {...ids} name="name" defaultValue={values.name} autoComplete="name" maxLength={FIELD_LIMITS.name} required disabled={sending} />
        )}
      </Field>
      <Field label="E-post" error={errors.email}>
        {(ids) => (
          <Input
            {...ids}
            name="email"
            type="email"
            defaultValue={values.email}
            autoComplete="email"
            maxLength={FIELD_LIMITS.email}
            required
            disabled={sending}
          />
        )}
      </Field>
      <Field label="Ämne" error={errors.subject}>
        {(ids) => <Input {...ids} name="subject" defaultValue={values.subject} maxLength={FIELD_LIMITS.subject} required disabled={sending} />}
      </Field>
      <Field label="Meddelande" error={errors.message}>
        {(ids) => (
          <Textarea {...ids} name="message" rows={5} defaultValue={values.message} maxLength={FIELD_LIMITS.message} required disabled={sending} />
        )}
      </Field>
      <Button type="submit" disabled={sending}>
        {sending ? "Skickar..." : "Skicka meddelande"}
      </Button>
    </Form>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
