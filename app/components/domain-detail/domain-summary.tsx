import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { premiumPriceText } from "~/domain/format";
import { scoreLabel } from "~/domain/labels";
import { DomainNameText } from "~/components/domain-name-text";
import { StatusBadge } from "~/components/status-badge";
import { descriptionParagraphs } from "./description-paragraphs";
import type { DomainNameView, DomainView, ShownStatus } from "./types";

type DomainSummaryProps = {
  name: DomainNameView;
  domain: DomainView | null;
  status: ShownStatus;
  /** Bookmark button and the admin's highlight toggle. */
  actions?: ReactNode;
};

/** The name in Unicode form, the administrator's description (any status), its status badges and the facts every name has. */
export function DomainSummary({ name, domain, status, actions }: DomainSummaryProps) {
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={status} />
        {domain?.isFeatured && <Badge variant="default">Utvald</Badge>}
      </div>
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">
        <DomainNameText name={name.unicode} />
      </h1>
      {name.unicode !== name.ace && (
        <p className="text-sm text-slate-600">
          ACE-form: <DomainNameText name={name.ace} />
        </p>
      )}
      <DomainDescription description={domain?.description ?? null} />
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-slate-800">
        <Fact term="Längd">{name.length} tecken</Fact>
        <Fact term="Toppdomän">{name.tld}</Fact>
        {domain && (
          <Fact term="Betyg">
            {scoreLabel(domain.score)} ({domain.score} poäng)
          </Fact>
        )}
        {domain?.status === "premium" && <Fact term="Pris">{premiumPriceText(domain.price)}</Fact>}
      </dl>
      {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
    </header>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-600">{term}:</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** What an administrator wrote about the name (why it is highlighted, what a premium name is): plain text. */
function DomainDescription({ description }: { description: string | null }) {
  const paragraphs = descriptionParagraphs(description);
  if (paragraphs.length === 0) return null;
  return (
    <div className="max-w-prose space-y-2 whitespace-pre-line break-words text-lg text-slate-800">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
