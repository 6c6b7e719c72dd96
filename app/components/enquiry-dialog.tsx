import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field, FormError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { HoneypotField } from "~/components/honeypot-field";
import { enquiryInterestText, parseEnquiryForm, type EnquiryField } from "~/lib/enquiry-schema";
import { FIELD_LIMITS, type FieldErrors, type MessageActionResult } from "~/lib/message-fields";

export const ENQUIRY_ACTION = "/api/enquiry";

const FAILURE = { title: "Ett fel uppstod", description: "Kunde inte skicka förfrågan. Försök igen senare." };
const SUCCESS = { title: "Meddelande skickat", description: "Tack för din förfrågan! Vi hör av oss inom kort." };

type Values = { name: string; email: string; phone: string; message: string };

/**
 * The enquiry form (docs/product.md, "Premium names"): the "Kontakta oss" button on a premium domain
 * page. The typed values live here, outside the dialog content, so closing
 * the dialog after a failure keeps them; a success closes and resets. It
 * posts to /api/enquiry, which answers JSON.
 */
export function EnquiryDialog({ domainName }: { domainName: string }) {
  const initial = (): Values => ({ name: "", email: "", phone: "", message: enquiryInterestText(domainName) });
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<EnquiryField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function showResult(result: MessageActionResult<EnquiryField>) {
    if (result.ok) {
      toast.success(SUCCESS.title, { description: SUCCESS.description });
      setValues(initial());
      setErrors({});
      setFormError(null);
      setOpen(false);
      return;
    }
    setErrors(result.fieldErrors ?? {});
    setFormError(result.formError ?? null);
    toast.error(FAILURE.title, { description: result.formError ?? FAILURE.description });
    focusFirstInvalid(formRef.current);
  }

  // A plain fetch rather than a fetcher: a fetcher hands a network failure or
  // a proxy's 502 to the route's error boundary, which would replace the page
  // and lose the typed text; here every failure is a toast and the text stays.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const check = parseEnquiryForm(formData);
    if (!check.ok) {
      setErrors(check.fieldErrors);
      setFormError(null);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const response = await fetch(ENQUIRY_ACTION, {
        method: "POST",
        body: new URLSearchParams(formData as unknown as Record<string, string>),
        headers: { accept: "application/json" },
      });
      const result = (await response.json().catch(() => null)) as MessageActionResult<EnquiryField> | null;
      showResult(result && typeof result.ok === "boolean" ? result : { ok: false });
    } catch {
      showResult({ ok: false });
    } finally {
      setSending(false);
    }
  }

  const bind = (key: keyof Values) => ({
    name: key,
    value: values[key],
    disabled: sending,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg">Kontakta oss</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Intresseanmälan för {domainName}</DialogTitle>
          <DialogDescription>Fyll i dina uppgifter så kontaktar vi dig om priset och hur ett köp går till.</DialogDescription>
        </DialogHeader>
        <form ref={formRef} method="post" action={ENQUIRY_ACTION} noValidate onSubmit={onSubmit} className="relative space-y-4">
          <input type="hidden" name="domain" value={domainName} />
          <HoneypotField />
          <Field label="Namn" error={errors.name}>
            {(ids) => <Input {...ids} {...bind("name")} autoComplete="name" maxLength={FIELD_LIMITS.name} required />}
          </Field>
          <Field label="E-post" error={errors.email}>
            {(ids) => <Input {...ids} {...bind("email")} type="email" autoComplete="email" maxLength={FIELD_LIMITS.email} required />}
          </Field>
          <Field label="Telefon (valfritt)" error={errors.phone}>
            {(ids) => <Input {...ids} {...bind("phone")} type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} />}
          </Field>
          <Field label="Meddelande" error={errors.message}>
            {(ids) => <Textarea {...ids} {...bind("message")} rows={5} maxLength={FIELD_LIMITS.message} required />}
          </Field>
          <FormError message={formError} />
          <div className="flex justify-end">
            <Button type="submit" disabled={sending}>
              {sending ? "Skickar..." : "Skicka förfrågan"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  // After React has rendered the new aria-invalid attributes.
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
