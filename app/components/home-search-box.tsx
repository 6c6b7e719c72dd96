import { Search } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { validateSearchInput } from "~/domain/search-input";

/** Short enough to show whole in the box on a 320 px phone ("t.ex. exempel.se, mindomän.nu" was cut at 375 px). */
export const HOME_SEARCH_HINT = "t.ex. mindomän.se";

/**
 * The search box (docs/product.md, "Searching names"). With JavaScript the input is checked here and
 * the visitor goes straight to /d/{name} or /search/{term}. Without it the
 * GET form reaches the home loader, which applies the same rule and
 * redirects or answers with the message.
 */
export function HomeSearchBox({ defaultValue = "", serverError }: { defaultValue?: string; serverError?: string | null }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [error, setError] = useState<string | null>(serverError ?? null);
  useEffect(() => setError(serverError ?? null), [serverError]);
  const busy = navigation.state === "loading" && navigation.location.pathname !== "/";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = new FormData(event.currentTarget).get("q");
    const result = validateSearchInput(typeof input === "string" ? input : "");
    if (result.kind === "ignore") return;
    if (result.kind === "error") {
      setError(result.message);
      return;
    }
    setError(null);
    navigate(result.kind === "domain" ? `/d/${encodeURIComponent(result.name)}` : `/search/${encodeURIComponent(result.term)}`);
  }

  return (
    <Form method="get" action="/" onSubmit={onSubmit} role="search" className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field label="Sök domännamn" error={error}>
          {(ids) => (
            <Input
              {...ids}
              name="q"
              type="search"
              defaultValue={defaultValue}
              placeholder={HOME_SEARCH_HINT}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={300}
              className="h-12 text-base"
              onChange={() => error && setError(null)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" size="lg" className="h-12 sm:mt-7" disabled={busy}>
        <Search aria-hidden="true" />
        {busy ? "Söker..." : "Sök"}
      </Button>
    </Form>
  );
}
