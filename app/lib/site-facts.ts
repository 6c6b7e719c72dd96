// The facts the site states to visitors (docs/product.md, "The texts that matter"), written once so that the
// how-it-works page, the FAQs and the domain pages can never disagree again.
// The original product gave two different prices; this is the one we state.

/** The typical yearly price of a .se name at a registrar. Stated once per page, from here. */
export const TYPICAL_SE_PRICE = "ca 100–300 kr per år";

/** The registry releases a name at this time on its release date (docs/product.md, "The release morning"). */
export const RELEASE_TIME_TEXT = "04:00 UTC";

/** Registrars may need this long before a released name can be ordered. */
export const REGISTRAR_DELAY_TEXT = "upp till 24 timmar";

export const SITE_FACTS = {
  dataSource:
    "Uppgifterna kommer från offentliga källor, främst Internetstiftelsens lista över domäner som snart släpps. Innehavaren kan förnya en domän fram till släppdagen, så vissa domäner blir aldrig lediga.",
  noPreBooking: "Det går inte att förboka en domän. Den som registrerar först när domänen har släppts får den.",
  noReleaseEmail:
    "Vi skickar inga e-postmeddelanden när domäner släpps. Följ de domäner du vill ha genom att spara dem som bokmärken.",
  registrarDelay: `Det kan ta ${REGISTRAR_DELAY_TEXT} innan registrarerna visar en släppt domän som ledig.`,
  nightlyUpdate: "Listan över avaktiverade domäner uppdateras varje natt.",
  releaseTime: `Domänerna släpps tidigast klockan ${RELEASE_TIME_TEXT} på släppdagen (05:00 svensk vintertid, 06:00 sommartid), i slumpvis ordning under förmiddagen.`,
  notARegistrar: "Vi är inte en registrar och registrerar inga domäner själva. När en domän är ledig länkar vi vidare till registrarer.",
} as const;
