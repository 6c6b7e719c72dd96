import { Download } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * "Ladda ner mina uppgifter": a JSON file of everything kept for the account. A plain
 * form post (reloadDocument): the browser saves the answer as a file and stays on the page.
 */
export function AccountDataSection() {
  return (
    <section aria-labelledby="account-data-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="account-data-heading" className="text-lg font-semibold text-slate-900">
        Dina uppgifter
      </h2>
      <p className="text-sm text-slate-700">
        Ladda ner allt vi har sparat om ditt konto – e-postadress, bokmärken, kalender- och flödesadressernas status och dina inloggningar – som
        en JSON-fil.
      </p>
      <Form method="post" action="/account/export" reloadDocument>
        <Button type="submit" variant="outline">
          <Download aria-hidden="true" />
          Ladda ner mina uppgifter
        </Button>
      </Form>
    </section>
  );
}
