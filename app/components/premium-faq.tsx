import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";

/** The seven questions /premium answers (docs/product.md, "Lists and their order"), in this order. */
export const PREMIUM_FAQ = [
  {
    question: "Vad är en premiumdomän?",
    answer:
      "En premiumdomän är ett redan registrerat .se- eller .nu-namn som säljs av sin ägare. Namnen är ofta korta, lätta att minnas eller består av vanliga ord.",
  },
  {
    question: "Varför kostar en premiumdomän mer?",
    answer:
      "Korta och beskrivande namn är få och efterfrågade. Priset speglar namnets värde för varumärke, marknadsföring och synlighet, medan en vanlig registrering bara kostar registrarens årsavgift.",
  },
  {
    question: "Hur köper jag en premiumdomän?",
    answer:
      "Använd kontaktformuläret på domänens sida. Vi återkommer med prisinformation och hjälper dig genom hela ägarbytet.",
  },
  {
    question: "Vad ingår när jag köper en premiumdomän?",
    answer: "Du får fullständigt ägarskap till domänen. Överföringen sker enligt reglerna för .se respektive .nu.",
  },
  {
    question: "Hur lång tid tar överföringen?",
    answer: "Överföringen tar normalt 1–2 arbetsdagar.",
  },
  {
    question: "Behöver jag ett företag för att köpa?",
    answer: "Nej. Både privatpersoner och företag kan köpa premiumdomäner.",
  },
  {
    question: "Går priset att förhandla?",
    answer: "I vissa fall, ja. Skriv ditt förslag i kontaktformuläret på domänens sida så återkommer vi.",
  },
] as const;

export function PremiumFaq() {
  return (
    <section aria-labelledby="premium-faq" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="premium-faq" className="text-xl font-bold text-slate-900 sm:text-2xl">
        Vanliga frågor om premiumdomäner
      </h2>
      <Accordion type="single" collapsible className="mt-2">
        {PREMIUM_FAQ.map((item, index) => (
          <AccordionItem key={item.question} value={`faq-${index}`}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
