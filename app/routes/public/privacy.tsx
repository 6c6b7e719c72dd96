import { ContentLink, ContentPage, ContentSection } from "~/components/content-page";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Integritetspolicy",
    description: "Hur vi behandlar personuppgifter: vilka uppgifter vi samlar in, cookies, lagring, tredje parter och dina rättigheter.",
    path: "/privacy",
  });

export default function Privacy() {
  return (
    <ContentPage
      title="Integritetspolicy"
      updated={{ iso: "2026-11-29", text: "29 november 2026" }}
      intro={<p>Här beskriver vi vilka personuppgifter vi behandlar, varför och vilka rättigheter du har.</p>}
    >
      <ContentSection id="controller" title="Personuppgiftsansvarig">
        <p>
          Tjänsten är personuppgiftsansvarig för de personuppgifter som behandlas här. Du når oss via{" "}
          <ContentLink to="/contact">kontaktformuläret</ContentLink>.
        </p>
      </ContentSection>

      <ContentSection id="collected" title="Uppgifter vi samlar in">
        <p>
          <strong>Uppgifter du själv lämnar:</strong> e-postadress och lösenord när du skapar ett konto (lösenordet lagras bara i krypterad
          form), de domäner du sparar som bokmärken, de sökningar du sparar, och namn, e-postadress, telefonnummer och meddelande när du
          skickar en förfrågan eller ett meddelande till oss.
        </p>
        <p>
          <strong>Uppgifter som samlas in automatiskt:</strong> anonymiserad användningsstatistik, till exempel vilka sidor som besöks, och
          tekniska loggar som behövs för att driva tjänsten säkert.
        </p>
      </ContentSection>

      <ContentSection id="cookies" title="Cookies">
        <p>
          Vi använder i dag bara tekniskt nödvändiga cookies, till exempel den som håller dig inloggad. Vi använder inga cookies för reklam
          eller spårning.
        </p>
      </ContentSection>

      <ContentSection id="use" title="Hur vi använder uppgifterna">
        <p>
          Vi använder uppgifterna för att ge dig tillgång till ditt konto och dina bokmärken, för att svara på förfrågningar och
          meddelanden, för att förbättra tjänsten och för att skydda den mot missbruk.
        </p>
      </ContentSection>

      <ContentSection id="storage" title="Lagring och säkerhet">
        <p>
          Uppgifterna lagras så länge du har ett konto eller så länge de behövs för ändamålet. Vi skyddar dem med tekniska och
          organisatoriska åtgärder, bland annat krypterade anslutningar och begränsad åtkomst.
        </p>
      </ContentSection>

      <ContentSection id="third-parties" title="Tredje parter">
        <p>
          Vi säljer inte dina uppgifter. Vi delar dem bara med leverantörer som hjälper oss att driva tjänsten, till exempel för drift och
          e-post, och bara i den utsträckning som behövs. När du följer en länk till en registrar eller ett annat verktyg gäller den
          webbplatsens egna villkor.
        </p>
      </ContentSection>

      <ContentSection id="rights" title="Dina rättigheter">
        <p>
          Du har rätt att få veta vilka uppgifter vi har om dig, att få dem rättade eller raderade och att invända mot eller begränsa
          behandlingen. Du kan också lämna klagomål till Integritetsskyddsmyndigheten (IMY).
        </p>
        <p>
          Har du ett konto kan du själv, under <ContentLink to="/account">Mitt konto</ContentLink>, ladda ner allt vi sparat om kontot som
          en fil och radera kontot. Filen innehåller också de meddelanden och förfrågningar som skickats till oss från kontots
          e-postadress. Raderar du kontot tas kontot, dina bokmärken, dina sparade sökningar, din kalender- och flödesadress och de meddelanden och
          förfrågningar som skickats från kontots e-postadress bort direkt.
        </p>
      </ContentSection>

      <ContentSection id="changes" title="Ändringar">
        <p>Vi kan komma att uppdatera policyn. Datumet överst på sidan visar när den senast ändrades.</p>
      </ContentSection>

      <ContentSection id="contact" title="Kontakt">
        <p>
          Frågor om hur vi behandlar personuppgifter skickar du via <ContentLink to="/contact">kontaktformuläret</ContentLink>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
