import { ContentLink, ContentPage, ContentSection } from "~/components/content-page";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { RELEASE_TIME_TEXT, SITE_FACTS, TYPICAL_SE_PRICE } from "~/lib/site-facts";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Så fungerar det",
    description:
      "Så släpps .se- och .nu-domäner: släppdatum och klockslag, varför vissa domäner aldrig blir lediga, hur du bevakar och registrerar dem och vad en .se-domän brukar kosta.",
    path: "/how-it-works",
  });

export default function HowItWorks() {
  return (
    <ContentPage
      title="Så fungerar det"
      intro={
        <p>
          Varje dag släpps .se- och .nu-domäner som deras innehavare inte har förnyat. Här ser du vilka som är på väg, vilka som
          redan är lediga och vilka premiumdomäner som är till salu – och hur du gör för att få den du vill ha.
        </p>
      }
    >
      <ContentSection id="steps" title="Tre steg till din domän">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>Sök.</strong> Sök efter ett namn eller bläddra bland <ContentLink to="/soon-available">snart lediga domäner</ContentLink>,{" "}
            <ContentLink to="/available">lediga domäner</ContentLink> och{" "}
            <ContentLink to="/premium">premiumdomäner</ContentLink>.
          </li>
          <li>
            <strong>Bevaka.</strong> Logga in och spara domänerna du vill ha som bokmärken, så har du släppdatumen samlade.
          </li>
          <li>
            <strong>Registrera.</strong> När domänen är släppt registrerar du den hos en registrar. Premiumdomäner köper du via
            kontaktformuläret på domänens sida.
          </li>
        </ol>
      </ContentSection>

      <ContentSection id="release" title="När släpps en domän?">
        <p>
          En domän som inte förnyas blir först avaktiverad, sedan raderad och till sist släppt. Registret publicerar vilka domäner
          som ska släppas och vilket datum. {SITE_FACTS.releaseTime}
        </p>
        <p>{SITE_FACTS.nightlyUpdate}</p>
        <p>
          På varje domäns sida ser du släppdatumet med klockslaget ({RELEASE_TIME_TEXT}) och en nedräkning som visar hur lång tid
          som återstår.
        </p>
      </ContentSection>

      <ContentSection id="facts" title="Bra att veta">
        <ul className="list-disc space-y-2 pl-5">
          <li>{SITE_FACTS.dataSource}</li>
          <li>{SITE_FACTS.noPreBooking}</li>
          <li>{SITE_FACTS.noReleaseEmail}</li>
          <li>{SITE_FACTS.registrarDelay}</li>
          <li>{SITE_FACTS.notARegistrar}</li>
        </ul>
      </ContentSection>

      <ContentSection id="price" title="Vad kostar en domän?">
        <p>
          Priset för en vanlig registrering sätts av registraren. En .se-domän kostar vanligtvis {TYPICAL_SE_PRICE}. Jämför gärna
          registrarernas priser, även för förnyelsen efter första året.
        </p>
        <p>
          Premiumdomäner är redan registrerade namn som säljs av sina ägare. Priset står på domänens sida, och du skickar en
          förfrågan via kontaktformuläret där.
        </p>
      </ContentSection>

      <ContentSection id="questions" title="Fler frågor?">
        <p>
          Läs mer <ContentLink to="/about">om tjänsten</ContentLink> eller{" "}
          <ContentLink to="/contact">kontakta oss</ContentLink>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
