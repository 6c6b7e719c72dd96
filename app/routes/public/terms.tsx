import { ContentLink, ContentPage, ContentSection } from "~/components/content-page";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { SITE_FACTS } from "~/lib/site-facts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Användarvillkor",
    description: "Villkoren för att använda tjänsten: konto, datakällor och tillgänglighet, otillåten användning och kontakt.",
    path: "/terms",
  });

export default function Terms() {
  return (
    <ContentPage
      title="Användarvillkor"
      updated={{ iso: "2025-03-26", text: "2025-03-26" }}
      intro={<p>Genom att använda tjänsten godkänner du de här villkoren.</p>}
    >
      <ContentSection id="about-service" title="Om tjänsten">
        <p>
          Tjänsten visar information om .se- och .nu-domäner som snart blir lediga, som är lediga eller som säljs som
          premiumdomäner. {SITE_FACTS.notARegistrar}
        </p>
      </ContentSection>

      <ContentSection id="account" title="Användarkonto">
        <p>Du behöver ett konto för att spara domäner. Du ansvarar för att dina inloggningsuppgifter hålls hemliga.</p>
        <p>
          Vi kan stänga av konton som används för spam, som stör tjänsten eller andra användare, eller som används för att
          manipulera tjänsten.
        </p>
      </ContentSection>

      <ContentSection id="data" title="Datakällor och tillgänglighet">
        <p>{SITE_FACTS.dataSource}</p>
        <p>
          Vi gör vårt bästa för att uppgifterna ska vara korrekta och aktuella, men vi kan inte garantera att en domän blir ledig,
          att den går att registrera eller att tjänsten alltid är tillgänglig. {SITE_FACTS.registrarDelay}
        </p>
      </ContentSection>

      <ContentSection id="prohibited" title="Otillåten användning">
        <p>
          Det är inte tillåtet att skrapa tjänsten, att använda robotar eller att hämta data i stora mängder. Vi förbehåller oss
          rätten att blockera IP-adresser och stänga av konton som bryter mot detta.
        </p>
        <p>
          Listorna får du gärna hämta som filer och genom vårt API: knappen ”Ladda ner” under filtren ger varje lista, med dina
          filter, som CSV eller JSON, och <ContentLink to="/api">API:t</ContentLink> ger samma data, inom de gränser för antal
          nedladdningar och anrop som gäller. Att skrapa sidorna är fortfarande inte tillåtet.
        </p>
      </ContentSection>

      <ContentSection id="changes" title="Ändringar">
        <p>
          Vi kan komma att ändra villkoren. Datumet överst på sidan visar när de senast uppdaterades, och de villkor som gäller är
          de som står här när du använder tjänsten.
        </p>
      </ContentSection>

      <ContentSection id="contact" title="Kontakt">
        <p>
          Har du frågor om villkoren? <ContentLink to="/contact">Kontakta oss</ContentLink>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
