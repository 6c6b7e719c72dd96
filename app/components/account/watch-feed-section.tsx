import { Rss } from "lucide-react";
import { PrivateFeedAddress } from "./private-feed-address";

/**
 * The private Atom address of the user's watch list: an entry each time a watched
 * name changes state. Like the calendar, it stands in for the mails the product never sends.
 */
export function WatchFeedSection({ feedUrl }: { feedUrl: string | null }) {
  return (
    <section aria-labelledby="watch-feed-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="watch-feed-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Rss aria-hidden="true" className="size-5" />
        Flöde med dina bevakade domäner
      </h2>
      <p className="text-sm text-slate-700">
        Följ din bevakningslista i en flödesläsare (Atom): varje gång en domän du bevakar byter läge – försvinner ur zonen, förnyas,
        hamnar på släpplistan, släpps eller tas igen – kommer en ny post. Adressen är hemlig – dela den inte. Du kan när som helst
        ta bort den.
      </p>
      <PrivateFeedAddress
        id="watch-feed-url"
        feedUrl={feedUrl}
        texts={{ addressLabel: "Din flödesadress", create: "Skapa flödesadress", revoke: "Ta bort flödesadressen" }}
        intents={{ create: "create-watch-feed", revoke: "revoke-watch-feed" }}
        createIcon={<Rss aria-hidden="true" />}
      />
    </section>
  );
}
