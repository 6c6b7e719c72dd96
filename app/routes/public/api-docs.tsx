import { ContentLink, ContentPage, ContentSection } from "~/components/content-page";
import { API_MAX_LIMIT } from "~/domain/api-v1";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { API_RATE_LIMIT } from "~/server/api/v1.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/api-docs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "API",
    description: "Hämta listorna över .se- och .nu-domäner som JSON: ett öppet, avgiftsfritt API utan konto, version 1.",
    path: "/api",
  });

export function loader() {
  // The examples name this site's own address (SITE_URL), so they work as written on any installation.
  return { rateLimit: API_RATE_LIMIT.points, maxLimit: API_MAX_LIMIT, siteUrl: getSiteConfig().siteUrl.replace(/\/$/, "") };
}

const curl = (site: string) => `curl "${site}/api/v1/domains?list=soon-available&tld=se&min=4&max=4&limit=100"`;
const javascript = (site: string) => `let cursor = null;
do {
  const url = new URL("${site}/api/v1/domains");
  url.searchParams.set("list", "available");
  url.searchParams.set("limit", "1000");
  if (cursor) url.searchParams.set("cursor", cursor);
  const page = await (await fetch(url)).json();
  for (const domain of page.data) console.log(domain.name, domain.releasedAt);
  cursor = page.nextCursor;
} while (cursor);`;

const statsJavascript = (site: string) => `const stats = await (await fetch("${site}/api/v1/stats")).json();
const all = stats.catchByLength.reduce((sum, group) => sum + group.released, 0);
const withinADay = stats.catchByLength.reduce((sum, group) => sum + group.states["1h"] + group.states["1d"], 0);
console.log(\`\${withinADay} av \${all} släppta namn registrerades igen inom ett dygn\`);`;

/** A code example, wrapped rather than scrolled: a scrolled block would need its own keyboard focus. */
function Code({ children }: { children: string }) {
  return (
    <pre className="whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
      <code>{children}</code>
    </pre>
  );
}

/** /api: the public API, version 1, for people (the machine-readable description is /api/v1/openapi.json). */
export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const site = loaderData.siteUrl;
  return (
    <ContentPage
      title="API"
      intro={<p>Samma listor som på sidorna, som JSON: öppet, gratis och utan konto. Versionen är 1 och ändras inte under dig.</p>}
    >
      <ContentSection id="lists" title="Listor: GET /api/v1/domains">
        <p>
          Ger en sida av en lista: <code>list</code> är <code>soon-available</code> (standard), <code>available</code>,{" "}
          <code>featured</code> eller <code>premium</code>. Alla filter från listorna fungerar med samma korta namn som i adressfältet (
          <code>tld</code>, <code>min</code>, <code>max</code>, <code>tecken</code>, <code>q</code>, <code>borjar</code>,{" "}
          <code>slutar</code>, <code>utan</code>, <code>ord</code>, <code>kvalitet</code>, <code>slapps</code>, <code>fran</code>,{" "}
          <code>till</code>, <code>sedan</code>), liksom <code>sort</code>. Högst {loaderData.maxLimit.toLocaleString("sv-SE")} namn per
          sida (<code>limit</code>); nästa sida får du med <code>cursor</code> satt till svarets <code>nextCursor</code>.
        </p>
        <Code>{curl(site)}</Code>
        <p>Alla sidor av en lista, i JavaScript:</p>
        <Code>{javascript(site)}</Code>
      </ContentSection>

      <ContentSection id="domain" title="Ett namn: GET /api/v1/domains/{namn}">
        <p>
          Ger namnet (i Unicode- eller ACE-form, med .se eller .nu) med status, datum, betyg och historik: vad som hänt och när, aldrig vem
          som gjorde det. Under <code>zone</code> står vad registryts zon säger: om namnet är delegerat och sedan när, namnservrar, DNSSEC
          och vems namnservrar det pekar på. Alla giltiga namn ger svar, även namn som inte finns i våra listor (då är{" "}
          <code>domain</code> null).
        </p>
        <Code>{`curl "${site}/api/v1/domains/r%C3%A4ksm%C3%B6rg%C3%A5s.se"`}</Code>
      </ContentSection>

      <ContentSection id="stats" title="Statistik: GET /api/v1/stats">
        <p>
          Ger siffrorna bakom statistiken: släppta och kommande namn per dag och toppdomän (<code>releaseDays</code>), hur snart släppta
          namn registrerades igen, per släppdag, längd och teckentyp (<code>catchByDay</code>, <code>catchByLength</code>,{" "}
          <code>catchByChars</code>), hur många namn som förnyades i stället för att släppas, efter dagar kvar (<code>renewalCurve</code>),
          och vad listan över snart lediga namn består av just nu (<code>currentList</code>). <code>computedAt</code> säger när siffrorna
          räknades senast.
        </p>
        <Code>{`curl "${site}/api/v1/stats"`}</Code>
        <p>Andelen namn som registrerades igen inom ett dygn efter släppet, i JavaScript:</p>
        <Code>{statsJavascript(site)}</Code>
      </ContentSection>

      <ContentSection id="rules" title="Regler">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Högst {loaderData.rateLimit} anrop per minut och adress. Svaren har rubrikerna RateLimit-Limit, RateLimit-Remaining och
            RateLimit-Reset; över gränsen får du 429 och Retry-After.
          </li>
          <li>
            Fel kommer som problem details (application/problem+json, RFC 9457), till exempel 400 för en okänd lista eller ett namn som inte
            är ett .se- eller .nu-namn.
          </li>
          <li>
            Svaren har ETag: skicka den som If-None-Match så får du 304 när inget har ändrats. Alla får läsa API:t från andra webbplatser
            (CORS).
          </li>
          <li>
            Hela beskrivningen för program finns som OpenAPI 3.1 på{" "}
            <a className="text-brand-700 underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>
            . Listorna kan också laddas ner som CSV eller JSON under filtren på varje lista. Att skrapa sidorna är inte tillåtet (se{" "}
            <ContentLink to="/terms">användarvillkoren</ContentLink>).
          </li>
        </ul>
      </ContentSection>
    </ContentPage>
  );
}
