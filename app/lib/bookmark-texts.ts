// The words of following a name (docs/product.md, "The texts that matter"): the act is "bevaka" everywhere
// a person does it (the button, its toasts, the sign-in prompt, the release board's "Bevakad"); the names
// followed are kept under "Mina bokmärken". Written once, for the button in the browser and the form's
// answer without JavaScript.

/** The button: "Bevaka" / "Sluta bevaka", read out with the name. */
export function bookmarkButtonText(bookmarked: boolean): string {
  return bookmarked ? "Sluta bevaka" : "Bevaka";
}

/** The toast after the button worked: "Bevakad" / "Bevakning avslutad". */
export function bookmarkToast(bookmarked: boolean, unicodeName: string): { title: string; description: string } {
  return bookmarked
    ? { title: "Bevakad", description: `Du bevakar nu ${unicodeName}. Den finns under Mina bokmärken.` }
    : { title: "Bevakning avslutad", description: `Du bevakar inte längre ${unicodeName}.` };
}

/** A visitor pressed the button. */
export const BOOKMARK_SIGN_IN_TEXT = { title: "Logga in krävs", description: "Du måste vara inloggad för att bevaka domäner." } as const;

/** The change could not be saved. */
export const BOOKMARK_FAILURE_TEXT = { title: "Ett fel uppstod", description: "Kunde inte uppdatera bevakningen." } as const;

/** The account already watches as many names as it may (MAX_BOOKMARKS_PER_USER, checked on the server). */
export const BOOKMARK_LIMIT_TEXT = {
  title: "Du bevakar redan 1 000 domäner",
  description: "Det är max för ett konto. Sluta bevaka en domän under Mina bokmärken för att kunna bevaka en ny.",
} as const;
