import { Bookmark, ExternalLink, Search } from "lucide-react";

const STEPS = [
  {
    title: "Sök",
    icon: Search,
    text: "Sök efter ett namn eller bläddra bland domäner som snart blir lediga, lediga domäner och premiumdomäner.",
  },
  {
    title: "Bevaka",
    icon: Bookmark,
    text: "Logga in och spara domänerna du vill ha. Vi skickar inga e-postmeddelanden, så håll koll på dina bokmärken.",
  },
  {
    title: "Registrera",
    icon: ExternalLink,
    text: "När domänen är ledig registrerar du den hos en registrar. Premiumdomäner köper du via vårt kontaktformulär.",
  },
] as const;

/** The home page's three-step explainer (docs/product.md, "Lists and their order"): Sök, Bevaka, Registrera. */
export function HomeExplainer() {
  return (
    <section aria-labelledby="home-how" className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
      <h2 id="home-how" className="text-2xl font-bold text-slate-900">
        Så fungerar det
      </h2>
      <ol className="mt-6 grid gap-6 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex flex-col gap-2">
            <span className="flex items-center gap-3">
              <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-brand-100 text-brand-800">
                <step.icon className="size-5" />
              </span>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Steg {index + 1}: </span>
                {step.title}
              </h3>
            </span>
            <p className="text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
