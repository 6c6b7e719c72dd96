import { ContentLink, ContentPage, ContentSection } from "~/components/content-page";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { SITE_FACTS } from "~/lib/site-facts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Om oss",
    description:
      "Om tjänsten: vi samlar .se- och .nu-domäner som snart blir lediga, lediga domäner och premiumdomäner på ett ställe, så att du hittar rätt namn i tid.",
    path: "/about",
  });

export default function About() {
  return (
    <ContentPage
      title="Om oss"
      intro={<p>Vi hjälper dig att hitta en bra .se- eller .nu-domän – innan någon annan gör det.</p>}
    >
      <ContentSection id="service" title="Tjänsten">
        <p>
          Tjänsten visar vilka .se- och .nu-domäner som snart släpps, vilka som redan är lediga och vilka premiumdomäner som är
          till salu. Du kan söka, bläddra, jämföra och spara de domäner du vill ha som bokmärken.
        </p>
        <p>{SITE_FACTS.notARegistrar}</p>
      </ContentSection>

      <ContentSection id="background" title="Bakgrund">
        <p>
          Varje dag släpps domäner som deras innehavare har valt att inte förnya. Registret publicerar listorna öppet, men de är
          långa och svåra att överblicka. Vi ville göra det enkelt att se vilka namn som är på väg tillbaka, och när.
        </p>
        <p>{SITE_FACTS.dataSource}</p>
      </ContentSection>

      <ContentSection id="offering" title="Det här erbjuder vi">
        <ul className="list-disc space-y-2 pl-5">
          <li>Listor över domäner som snart blir lediga, med släppdatum och nedräkning.</li>
          <li>Lediga domäner som du kan registrera direkt hos en registrar.</li>
          <li>Sökning på namn och betyg som hjälper dig att hitta korta och tydliga namn.</li>
          <li>Bokmärken för dig som har ett konto, så att du kan följa domänerna du vill ha.</li>
          <li>Länkar till registrarer och verktyg som whois och webbarkiv för varje domän.</li>
        </ul>
      </ContentSection>

      <ContentSection id="premium" title="Premiumdomäner">
        <p>
          Vissa namn är redan registrerade men till salu. Dem hittar du bland våra{" "}
          <ContentLink to="/premium">premiumdomäner</ContentLink>. Skicka en förfrågan via domänens sida, så hjälper en
          domänexpert dig med pris, villkor och ägarbyte.
        </p>
      </ContentSection>

      <ContentSection id="goal" title="Vårt mål">
        <p>
          Vi vill att det ska vara lika enkelt för en privatperson som för ett företag att hitta ett bra namn – och att ingen ska
          behöva missa en domän för att släppdatumet var svårt att hitta.
        </p>
        <p>
          Har du frågor eller förslag? <ContentLink to="/contact">Kontakta oss</ContentLink>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
