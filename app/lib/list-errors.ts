// What a visitor reads (on the page and in a toast) when a
// list cannot be read. Shared by loaders (which log and return the text) and
// components (which show it).

export const LIST_ERROR_TITLE = "Ett fel uppstod";

export const LIST_ERRORS = {
  soonAvailable: "Kunde inte hämta snart tillgängliga domäner. Försök igen senare.",
  featured: "Kunde inte hämta utvalda domäner. Försök igen senare.",
  available: "Kunde inte hämta tillgängliga domäner. Försök igen senare.",
  premium: "Kunde inte hämta premiumdomäner. Försök igen senare.",
  search: "Kunde inte hämta domäner. Försök igen senare.",
  searchInList: "Kunde inte söka efter domäner. Försök igen senare.",
  loadMore: "Kunde inte hämta fler domäner. Försök igen senare.",
} as const;

/** An empty home section. */
export const NO_DATA_TEXT = "Ingen data tillgänglig för tillfället. Försök igen senare.";
