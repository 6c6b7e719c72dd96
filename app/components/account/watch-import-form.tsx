import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { formatNumberSv } from "~/domain/format";
import { FILE_TOO_LARGE_MESSAGE, WATCH_IMPORT_MAX_BYTES, WATCH_IMPORT_MAX_LINES } from "~/domain/watch-import";

const MAX_KB = formatNumberSv(WATCH_IMPORT_MAX_BYTES / 1024);

/**
 * The bulk-watch form: a list pasted, or a text/CSV file. Posts as multipart to the page
 * itself, so it works before JavaScript loads; with JavaScript a too-large file is refused
 * as soon as it is chosen.
 */
export function WatchImportForm({ text, error, fileError }: { text: string; error: string | null; fileError: string | null }) {
  const navigation = useNavigation();
  const checking = navigation.state === "submitting";
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-2xl space-y-5" aria-label="Lista att bevaka">
      <Field
        label="Klistra in domäner"
        error={error}
        hint={`En domän per rad, .se eller .nu, skriven som räksmörgås.se eller xn--rksmrgs-5wao1o.se. Högst ${formatNumberSv(WATCH_IMPORT_MAX_LINES)} rader.`}
      >
        {(ids) => <Textarea {...ids} name="text" rows={10} defaultValue={text} spellCheck={false} autoCapitalize="none" className="font-mono" />}
      </Field>
      <Field
        label="Eller välj en fil"
        error={tooLarge ? FILE_TOO_LARGE_MESSAGE : fileError}
        hint={`Text eller CSV, högst ${MAX_KB} kB. I en CSV läses kolumnen som heter Domän, Domain, Namn eller Name, annars den första. En vald fil används i stället för texten.`}
      >
        {(ids) => (
          <input
            {...ids}
            type="file"
            name="file"
            accept=".txt,.csv,.tsv,text/plain,text/csv"
            onChange={(event) => setTooLarge((event.currentTarget.files?.[0]?.size ?? 0) > WATCH_IMPORT_MAX_BYTES)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900"
          />
        )}
      </Field>
      <Button type="submit" name="intent" value="preview" disabled={checking || tooLarge}>
        {checking ? "Kontrollerar..." : "Förhandsgranska"}
      </Button>
    </Form>
  );
}
