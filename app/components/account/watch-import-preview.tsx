import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { countNounSv, formatNumberSv } from "~/domain/format";
import { bothForms, type ImportName, type WatchImportPlan } from "~/domain/watch-import";

type Preview = { format: "text" | "csv"; plan: WatchImportPlan; fingerprint: string };

/**
 * The bulk-watch preview: how many names will be added, are watched already or are left
 * out, each of them, and every left-out line with its reason. "Spara" posts the same list
 * again (the server checks it again); "Ändra" goes back to the form with the text kept.
 */
export function WatchImportPreview({ text, preview, notice }: { text: string; preview: Preview; notice: string | null }) {
  const { toAdd, alreadyWatched, refused } = preview.plan;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <section aria-labelledby="preview-heading" className="space-y-6">
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
        Förhandsvisning
      </h2>
      {notice ? <Alert variant="warning">{notice}</Alert> : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Count label="Läggs till" value={toAdd.length} />
        <Count label="Bevakas redan" value={alreadyWatched.length} />
        <Count label="Tas inte med" value={refused.length} />
      </dl>
      <p className="text-sm text-slate-700">{preview.format === "csv" ? "Läst som CSV." : "Läst som text, en domän per rad."} Inget är sparat än.</p>
      {toAdd.length > 0 ? <NameList title="Läggs till" names={toAdd} /> : <p className="text-slate-700">Listan har inga nya domäner att bevaka.</p>}
      {alreadyWatched.length > 0 ? <NameList title="Bevakas redan" names={alreadyWatched} /> : null}
      {refused.length > 0 ? (
        <section aria-labelledby="refused-heading" className="space-y-2">
          <h3 id="refused-heading" className="font-semibold text-slate-900">{`Tas inte med (${formatNumberSv(refused.length)})`}</h3>
          <ul aria-label="Rader som inte tas med" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {refused.map((line) => (
              <li key={`${line.line}-${line.kind}`} className="flex flex-wrap gap-x-3 gap-y-0.5 px-3 py-2">
                <span className="font-medium text-slate-900">{`Rad ${line.line}`}</span>
                <span className="min-w-0 font-mono break-all text-slate-700">{line.text === "" ? "(tom)" : line.text}</span>
                <span className="basis-full text-red-800">{line.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap gap-3" aria-label="Spara eller ändra listan">
        <input type="hidden" name="text" value={text} />
        <input type="hidden" name="fingerprint" value={preview.fingerprint} />
        {toAdd.length > 0 ? (
          <Button type="submit" name="intent" value="save" disabled={saving}>
            {saving ? "Sparar..." : `Spara ${countNounSv(toAdd.length, { one: "domän", many: "domäner" })}`}
          </Button>
        ) : null}
        <Button type="submit" name="intent" value="edit" variant="outline">
          Ändra
        </Button>
      </Form>
    </section>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{formatNumberSv(value)}</dd>
    </div>
  );
}

function NameList({ title, names }: { title: string; names: ImportName[] }) {
  const id = title === "Läggs till" ? "add-heading" : "watched-heading";
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold text-slate-900">{`${title} (${formatNumberSv(names.length)})`}</h3>
      <ul aria-label={title} className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-2">
        {names.map((name) => (
          <li key={name.ace} className="break-all">
            {bothForms(name)}
          </li>
        ))}
      </ul>
    </section>
  );
}
