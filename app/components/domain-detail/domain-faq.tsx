import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { DetailSection } from "./detail-section";
import type { FaqItem } from "./domain-faq-content";

export function DomainFaq({ items }: { items: FaqItem[] }) {
  if (items.length === 0) return null;
  return (
    <DetailSection id="faq" title="Vanliga frågor">
      <Accordion type="single" collapsible>
        {items.map((item, index) => (
          <AccordionItem key={item.question} value={`faq-${index}`}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </DetailSection>
  );
}
