import { data, isRouteErrorResponse, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { BookmarkToggle } from "~/components/bookmark-toggle";
import { DomainDetailSkeleton } from "~/components/domain-detail/domain-detail-skeleton";
import { DomainFaq } from "~/components/domain-detail/domain-faq";
import { domainFaq } from "~/components/domain-detail/domain-faq-content";
import { DomainHistory } from "~/components/domain-detail/domain-history";
import { domainPageMeta } from "~/components/domain-detail/domain-meta";
import { DomainSummary } from "~/components/domain-detail/domain-summary";
import { HighlightToggle } from "~/components/domain-detail/highlight-toggle";
import { ReleaseInfo } from "~/components/domain-detail/release-info";
import { RegistrarSection, SearchLinks } from "~/components/domain-detail/search-links";
import { SiblingsTwinsSection } from "~/components/domain-detail/siblings-twins-section";
import { SimilarDomainsSection } from "~/components/domain-detail/similar-domains";
import { StatusBlock } from "~/components/domain-detail/status-block";
import { ZoneLine, ZoneSection } from "~/components/domain-detail/zone-section";
import { CatchRiskSection } from "~/components/domain-detail/catch-risk-section";
import { EnquiryDialog } from "~/components/enquiry-dialog";
import { ErrorPage } from "~/components/error-page";
import { parseDomainName } from "~/domain/names";
import { domainPagePath } from "~/lib/domain-path";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { getOptionalUser, requireAdmin } from "~/server/auth/session.server";
import { INVALID_NAME, readDomainNameParam } from "~/lib/domain-name-param";
import { loadDomainPage } from "~/server/domains/load-domain-page.server";
import { findCatchRisk } from "~/server/statistics/catch-risk.server";
import { setDomainFeatured } from "~/server/domains/set-domain-featured.server";
import { logger } from "~/server/logger.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { databaseOf } from "~/server/app-context.server";
import { findSiblingsAndTwins } from "~/server/zone/siblings-twins.server";
import type { Route } from "./+types/domain-detail";

export { INVALID_NAME, MISSING_NAME, UNSUPPORTED_TLD } from "~/lib/domain-name-param";
export const FETCH_FAILED = "Kunde inte hämta domäninformation.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const parsed = readDomainNameParam(params.domainName, domainPagePath);

  const now = new Date();
  try {
    const user = await getOptionalUser(request);
    const db = await databaseOf(context);
    const [page, siblingsTwins] = await Promise.all([
      loadDomainPage(db, parsed, { userId: user?.id ?? null, now }),
      findSiblingsAndTwins(db, parsed, now),
    ]);
    // The risk of being taken at once, for a name still to be released (null otherwise).
    const catchRisk = page.status === "soonavailable" ? await findCatchRisk(db, parsed.ace, now) : null;
    return {
      ...page,
      siblingsTwins,
      catchRisk,
      serverNow: now.toISOString(),
      viewer: { signedIn: user !== null, isAdmin: user?.isAdmin ?? false },
    };
  } catch (error) {
    logger.error({ err: error, domain: parsed.ace }, "domain page: reading the database failed");
    throw data(FETCH_FAILED, { status: 503 });
  }
}

const highlightForm = z.object({ intent: z.literal("highlight"), featured: z.enum(["true", "false"]) });

/** The admin's Highlight toggle. The role is checked here, whatever the page showed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  const name = parseDomainName(params.domainName ?? "");
  const form = highlightForm.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!name.ok || !form.success) return data({ ok: false as const, error: "Invalid request." }, { status: 400 });

  const result = await setDomainFeatured(await databaseOf(context), name.ace, form.data.featured === "true", admin);
  if (!result.found) return data({ ok: false as const, error: "Domain not found." }, { status: 404 });
  logger.info({ domain: name.ace, featured: result.featured, admin: admin.id }, "domain highlight set");
  return { ok: true as const, featured: result.featured };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return pageMeta(site, { title: "Domänen kan inte visas", description: "Domänen kan inte visas.", path: "/d", noIndex: true });
  }
  return domainPageMeta(site, loaderData);
};

export default function DomainDetailPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const nextPath = navigation.location?.pathname;
  if (navigation.state === "loading" && nextPath?.startsWith("/d/") && nextPath !== location.pathname) {
    return <DomainDetailSkeleton />;
  }

  const {
    name,
    domain,
    status,
    beingReleased,
    uncheckedSinceRelease,
    serverNow,
    events,
    releaseStats,
    viewer,
    bookmarkedNames,
    zone,
    catchRisk,
  } = loaderData;
  const hasFaq = status !== "registered" && status !== "renewed";

  return (
    <article className="space-y-6">
      <DomainSummary
        name={name}
        domain={domain}
        status={status}
        actions={
          <>
            {/* Any valid name can be watched, on a list or not, taken or free: watches are kept by name. */}
            <BookmarkToggle
              variant="button"
              domainName={name.ace}
              unicodeName={name.unicode}
              bookmarked={bookmarkedNames.includes(name.ace)}
              signedIn={viewer.signedIn}
            />
            {viewer.isAdmin && domain && <HighlightToggle featured={domain.isFeatured} />}
          </>
        }
      />
      {domain && <ZoneLine zone={zone} status={status} releaseDate={domain.releaseDate} />}
      <StatusBlock
        name={name}
        inZone={zone?.delegated ?? false}
        domain={domain}
        status={status}
        serverNow={serverNow}
        beingReleased={beingReleased}
        uncheckedSinceRelease={uncheckedSinceRelease}
        enquiry={status === "premium" ? <EnquiryDialog domainName={name.unicode} /> : undefined}
      />
      {!domain && <ZoneSection zone={zone} status={status} />}
      <CatchRiskSection catchRisk={catchRisk} />
      <ReleaseInfo status={status} domain={domain} releaseStats={releaseStats} />
      <SiblingsTwinsSection facts={loaderData.siblingsTwins} />
      <RegistrarSection name={name} status={status} />
      <SearchLinks name={name} />
      <SimilarDomainsSection key={name.ace} unicodeName={name.unicode} />
      {domain && <DomainHistory events={events} />}
      {hasFaq && (
        <DomainFaq
          items={domainFaq(status, {
            unicodeName: name.unicode,
            tld: name.tld,
            releaseDate: domain?.releaseDate ?? null,
            inZone: zone?.delegated ?? false,
          })}
        />
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : null;
  const message =
    status === 401 || status === 403 ? "Du har inte behörighet att ändra domänen." : status >= 500 ? FETCH_FAILED : (given ?? INVALID_NAME);
  const title = status >= 500 ? "Domäninformationen är inte tillgänglig" : "Domänen kan inte visas";
  return <ErrorPage title={title} message={message} />;
}
