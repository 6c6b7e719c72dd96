import { CalendarPlus, Copy } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The private iCalendar address of the user's bookmarked releases. The product sends
 * no release mails; subscribing to this feed in a calendar app is the reminder.
 */
export function CalendarFeedSection({ feedUrl }: { feedUrl: string | null }) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" && navigation.formAction?.startsWith("/account") ? navigation.formData?.get("intent") : null;
  const [copied, setCopied] = useState(false);

  return (
    <section aria-labelledby="calendar-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="calendar-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarPlus aria-hidden="true" className="size-5" />
        Kalender med dina bevakade släpp
      </h2>
      <p className="text-sm text-slate-700">
        Vi skickar inga mejl när domäner släpps. Prenumerera i stället på din privata kalender: varje bevakad domän som snart blir
        ledig visas som en händelse kl. 04:00 UTC på släppdagen. Adressen är hemlig – dela den inte. Du kan när som helst ta
        bort den.
      </p>
      {feedUrl ? (
        <div className="space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor="calendar-feed-url">Din kalenderadress</Label>
            <div className="flex gap-2">
              <Input id="calendar-feed-url" readOnly value={feedUrl} onFocus={(event) => event.currentTarget.select()} />
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
            <Form method="post" action="/account?tab=bookmarks">
              <input type="hidden" name="intent" value="create-feed" />
              <Button type="submit" variant="outline" disabled={pendingIntent === "create-feed"}>
                {pendingIntent === "create-feed" ? "Skapar..." : "Skapa ny adress"}
              </Button>
            </Form>
            <Form method="post" action="/account?tab=bookmarks">
              <input type="hidden" name="intent" value="revoke-feed" />
              <Button type="submit" variant="destructive" disabled={pendingIntent === "revoke-feed"}>
                {pendingIntent === "revoke-feed" ? "Tar bort..." : "Ta bort kalenderadressen"}
              </Button>
            </Form>
          </div>
          <p className="text-sm text-slate-600">En ny adress ersätter den gamla, som då slutar fungera.</p>
        </div>
      ) : (
        <Form method="post" action="/account?tab=bookmarks">
          <input type="hidden" name="intent" value="create-feed" />
          <Button type="submit" disabled={pendingIntent === "create-feed"}>
            <CalendarPlus aria-hidden="true" />
            {pendingIntent === "create-feed" ? "Skapar..." : "Skapa kalenderadress"}
          </Button>
        </Form>
      )}
    </section>
  );
}
