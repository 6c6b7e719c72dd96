import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
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
 * Spec §2 "Enquiry dialog": the "Kontakta oss" button on a premium domain
 * page. The typed values live here, outside the dialog content, so closing
 * the dialog after a failure keeps them; a success closes and resets.
 */
export function EnquiryDialog({ domainName }: { domainName: string }) {
  const fetcher = useFetcher<MessageActionResult<EnquiryField>>();
  const initial = (): Values => ({ name: "", email: "", phone: "", message: enquiryInterestText(domainName) });
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<EnquiryField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
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
    // `initial` only depends on domainName, which does not change while a request is out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const check = parseEnquiryForm(new FormData(event.currentTarget));
    if (!check.ok) {
      event.preventDefault();
      setErrors(check.fieldErrors);
      setFormError(null);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    setFormError(null);
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
        <fetcher.Form ref={formRef} method="post" action={ENQUIRY_ACTION} noValidate onSubmit={onSubmit} className="relative space-y-4">
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
          {formError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={sending}>
              {sending ? "Skickar..." : "Skicka förfrågan"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  // After React has rendered the new aria-invalid attributes.
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
