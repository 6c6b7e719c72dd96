import { PREMIUM_FAQ } from "~/components/premium-faq";
import { formatLongDateSv } from "~/domain/format";
import { isValidIsoDate } from "~/domain/utc-dates";
import { RELEASE_TIME_TEXT, SITE_FACTS, TYPICAL_SE_PRICE } from "~/lib/site-facts";
import type { ShownStatus } from "./types";

export type FaqItem = { question: string; answer: string };

type FaqContext = {
  unicodeName: string;
  tld: string;
  releaseDate: string | null;
  /** The registry's zone delegates the name: a name on no list is then registered, not of unknown status. */
  inZone?: boolean;
};

/**
 * The questions people ask about a name in this status (docs/product.md,
 * "Names on cards and the domain page"). Registered and renewed names have none. Facts come from
 * site-facts so no page can contradict another.
 */
export function domainFaq(status: ShownStatus, context: FaqContext): FaqItem[] {
  switch (status) {
    case "soonavailable":
      return [releaseQuestion(context), preBookingQuestion, emailQuestion, renewQuestion, registerQuestion, ...priceQuestion(context)];
    case "available":
      return [registerQuestion, takenAtRegistrarQuestion, ...priceQuestion(context), notARegistrarQuestion];
    case "premium":
      return PREMIUM_FAQ.map(({ question, answer }) => ({ question, answer }));
    case "unknown":
    case "unlisted":
      return context.inZone
        ? [inZoneQuestion, preBookingQuestion, notARegistrarQuestion]
        : [unknownQuestion, checkQuestion, preBookingQuestion, notARegistrarQuestion];
    default:
      return [];
  }
}

function releaseQuestion({ unicodeName, releaseDate }: FaqContext): FaqItem {
  const date = releaseDate && isValidIsoDate(releaseDate) ? formatLongDateSv(releaseDate) : null;
  return {
    question: `När blir ${unicodeName} ledig?`,
    answer: `${date ? `Domänen släpps ${date}, tidigast klockan ${RELEASE_TIME_TEXT}. ` : ""}${SITE_FACTS.releaseTime} ${SITE_FACTS.registrarDelay}`,
  };
}

const preBookingQuestion: FaqItem = { question: "Kan jag förboka domänen?", answer: SITE_FACTS.noPreBooking };

const emailQuestion: FaqItem = {
  question: "Får jag ett meddelande när domänen släpps?",
  answer: `${SITE_FACTS.noReleaseEmail} Med ett konto kan du också prenumerera på en kalender med släppdatumen för dina bokmärken.`,
};

const renewQuestion: FaqItem = {
  question: "Kan domänen bli kvar hos den nuvarande innehavaren?",
  answer: `Ja. ${SITE_FACTS.dataSource}`,
};

const registerQuestion: FaqItem = {
  question: "Hur registrerar jag domänen?",
  answer: `Sök efter domänen hos en registrar, till exempel någon av dem vi länkar till, och beställ den när den är ledig. ${SITE_FACTS.registrarDelay}`,
};

const takenAtRegistrarQuestion: FaqItem = {
  question: "Registraren säger att domänen är upptagen – varför?",
  answer: `${SITE_FACTS.registrarDelay} Det kan också vara så att någon annan hann registrera den först; vi kontrollerar släppta domäner regelbundet och uppdaterar statusen.`,
};

function priceQuestion({ tld }: FaqContext): FaqItem[] {
  // The typical price we know is for .se; .nu prices vary more between registrars.
  if (tld !== ".se") return [];
  return [
    {
      question: "Vad kostar det att registrera domänen?",
      answer: `Priset sätts av registraren. En .se-domän kostar vanligtvis ${TYPICAL_SE_PRICE}.`,
    },
  ];
}

const notARegistrarQuestion: FaqItem = { question: "Kan ni registrera domänen åt mig?", answer: SITE_FACTS.notARegistrar };

const unknownQuestion: FaqItem = {
  question: "Varför har domänen okänd status?",
  answer: `Vi följer domäner som finns på registrets lista över domäner som snart släpps, och våra premiumdomäner. ${SITE_FACTS.nightlyUpdate} Den här domänen finns inte där just nu.`,
};

const inZoneQuestion: FaqItem = {
  question: "Varför visar ni inget släppdatum för domänen?",
  answer: `Vi följer domäner som finns på registrets lista över domäner som snart släpps, och våra premiumdomäner. ${SITE_FACTS.nightlyUpdate} Den här domänen finns inte där just nu, men den finns i registrets zon, så någon har registrerat den. Förnyas den inte hamnar den på listan innan den släpps.`,
};

const checkQuestion: FaqItem = {
  question: "Hur ser jag om domänen är ledig?",
  answer: "Sök efter den hos en registrar eller i registrets domänsök – länkarna finns på den här sidan.",
};
