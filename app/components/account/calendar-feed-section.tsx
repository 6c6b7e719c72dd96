import { CalendarPlus } from "lucide-react";
import { PrivateFeedAddress } from "./private-feed-address";

/**
 * The private iCalendar address of the user's bookmarked releases. The product sends
 * no release mails; subscribing to this feed in a calendar app is the reminder.
 */
export function CalendarFeedSection({ feedUrl }: { feedUrl: string | null }) {
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
      <PrivateFeedAddress
        id="calendar-feed-url"
        feedUrl={feedUrl}
        texts={{ addressLabel: "Din kalenderadress", create: "Skapa kalenderadress", revoke: "Ta bort kalenderadressen" }}
        intents={{ create: "create-feed", revoke: "revoke-feed" }}
        createIcon={<CalendarPlus aria-hidden="true" />}
      />
    </section>
  );
}
