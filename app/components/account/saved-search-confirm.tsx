import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/** The two actions on a saved search that cannot be taken back, by the name the address carries (?bekrafta=). */
export const SAVED_SEARCH_CONFIRMS = {
  "ta-bort": {
    intent: "delete",
    question: (title: string) => `Ta bort ”${title}”?`,
    consequence: "Sökningen försvinner från ditt konto och dess flödesadresser slutar fungera. Det går inte att ångra.",
    confirm: "Ja, ta bort",
    pending: "Tar bort...",
  },
  "nya-adresser": {
    intent: "new-token",
    question: (title: string) => `Skapa nya flödesadresser för ”${title}”?`,
    consequence:
      "De nuvarande adresserna slutar fungera direkt, så flödesläsare och kalendrar som följer dem måste få de nya. Gör det om en adress har spridits.",
    confirm: "Ja, skapa nya adresser",
    pending: "Skapar...",
  },
} as const;
export type SavedSearchConfirm = keyof typeof SAVED_SEARCH_CONFIRMS;

export function isSavedSearchConfirm(value: string | null): value is SavedSearchConfirm {
  return value !== null && Object.hasOwn(SAVED_SEARCH_CONFIRMS, value);
}

/**
 * The button that opens the step asking first: a GET form to /account with the
 * step in its address, so it works before JavaScript loads (and the browser
 * scrolls to the search by the address's fragment).
 */
export function AskFirstButton({
  confirm,
  id,
  variant,
  children,
}: {
  confirm: SavedSearchConfirm;
  id: string;
  variant: "outline" | "destructive";
  children: ReactNode;
}) {
  return (
    <Form method="get" action={`/account#saved-search-${id}`} replace preventScrollReset>
      <input type="hidden" name="tab" value="searches" />
      <input type="hidden" name="bekrafta" value={confirm} />
      <input type="hidden" name="sokning" value={id} />
      <Button type="submit" size="sm" variant={variant} data-confirm={confirm}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * Once the question is answered or put away ("Avbryt", new addresses made),
 * the focus goes back to the button that asked it, not to the page's start;
 * the ref is for the element that holds the AskFirstButtons.
 */
export function useFocusBackAfterAsking(confirm: SavedSearchConfirm | null) {
  const buttons = useRef<HTMLDivElement>(null);
  const asked = useRef<SavedSearchConfirm | null>(null);
  useEffect(() => {
    if (confirm === null && asked.current !== null) {
      buttons.current?.querySelector<HTMLButtonElement>(`button[data-confirm="${asked.current}"]`)?.focus();
    }
    asked.current = confirm;
  }, [confirm]);
  return buttons;
}

/**
 * "Ta bort" and "Nya flödesadresser" ask before they act: the question, what
 * follows, a button that does it and "Avbryt" back to the list. It is a step
 * of its own at its own address, so it works without JavaScript; with it the
 * question takes focus, so a keyboard or screen reader user lands on it.
 */
export function SavedSearchConfirmPanel({
  confirm,
  id,
  title,
  action,
}: {
  confirm: SavedSearchConfirm;
  id: string;
  title: string;
  action: string;
}) {
  const texts = SAVED_SEARCH_CONFIRMS[confirm];
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("id") === id;
  const panel = useRef<HTMLDivElement>(null);
  const questionId = `saved-search-confirm-${id}`;
  useEffect(() => panel.current?.focus(), [confirm, id]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={questionId}
      className="w-full space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-600"
      data-testid="saved-search-confirm"
    >
      <p id={questionId} className="break-words font-semibold text-slate-900">
        {texts.question(title)}
      </p>
      <p className="text-sm text-slate-800">{texts.consequence}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={texts.intent} />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" size="sm" variant={confirm === "ta-bort" ? "destructive" : "default"} disabled={pending}>
            {pending ? texts.pending : texts.confirm}
          </Button>
        </Form>
        <Link to="/account?tab=searches" replace preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
          Avbryt
        </Link>
      </div>
    </div>
  );
}
