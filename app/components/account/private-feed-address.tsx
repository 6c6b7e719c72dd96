import { Copy } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export type PrivateFeedTexts = {
  /** The field's label: "Din kalenderadress". */
  addressLabel: string;
  /** The first button: "Skapa kalenderadress". */
  create: string;
  /** The revoke button: "Ta bort kalenderadressen". */
  revoke: string;
};

/**
 * A private feed's secret address on the account page: made on demand, shown
 * with a copy button, replaced (the old one stops working) or revoked. Each
 * button is a form of its own that posts `intent` to the account's action, so
 * it works before JavaScript loads.
 */
export function PrivateFeedAddress(props: {
  id: string;
  feedUrl: string | null;
  texts: PrivateFeedTexts;
  intents: { create: string; revoke: string };
  createIcon: ReactNode;
}) {
  const { id, feedUrl, texts, intents } = props;
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" && navigation.formAction?.startsWith("/account") ? navigation.formData?.get("intent") : null;
  const [copied, setCopied] = useState(false);
  const intentForm = (intent: string, button: ReactNode) => (
    <Form method="post" action="/account?tab=bookmarks">
      <input type="hidden" name="intent" value={intent} />
      {button}
    </Form>
  );

  if (!feedUrl) {
    return intentForm(
      intents.create,
      <Button type="submit" disabled={pendingIntent === intents.create}>
        {props.createIcon}
        {pendingIntent === intents.create ? "Skapar..." : texts.create}
      </Button>,
    );
  }
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={id}>{texts.addressLabel}</Label>
        <div className="flex gap-2">
          <Input id={id} readOnly value={feedUrl} onFocus={(event) => event.currentTarget.select()} />
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              navigator.clipboard?.writeText(feedUrl).then(() => setCopied(true), () => setCopied(false));
            }}
          >
            <Copy aria-hidden="true" />
            {copied ? "Kopierad" : "Kopiera"}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {intentForm(
          intents.create,
          <Button type="submit" variant="outline" disabled={pendingIntent === intents.create}>
            {pendingIntent === intents.create ? "Skapar..." : "Skapa ny adress"}
          </Button>,
        )}
        {intentForm(
          intents.revoke,
          <Button type="submit" variant="destructive" disabled={pendingIntent === intents.revoke}>
            {pendingIntent === intents.revoke ? "Tar bort..." : texts.revoke}
          </Button>,
        )}
      </div>
      <p className="text-sm text-slate-600">En ny adress ersätter den gamla, som då slutar fungera.</p>
    </div>
  );
}
