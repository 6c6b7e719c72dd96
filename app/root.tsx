import "./lib/zod-csp";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData, data as dataWithHeaders } from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AccountArea } from "./components/account-area";
import { ErrorPage, PAGE_NOT_FOUND } from "./components/error-page";
import { getSiteConfig, isMobileUserAgent } from "./server/site-config.server";
import { getOptionalUser, getSessionCookieRefresh } from "./server/auth/session.server";
import { getToast } from "./server/toast.server";
import { FlashToastEffect } from "./components/flash-toast";
import { LazyToaster } from "./components/lazy-toaster";
import { useNonce } from "./lib/nonce";
import "./app.css";

export async function loader({ request }: Route.LoaderArgs) {
  const site = getSiteConfig();
  const [sessionUser, flash, sessionCookie] = await Promise.all([
    getOptionalUser(request),
    getToast(request),
    getSessionCookieRefresh(request),
  ]);
  const headers = new Headers(flash.headers ?? undefined);
  if (sessionCookie) headers.append("Set-Cookie", sessionCookie);
  return dataWithHeaders(
    {
      site: { siteName: site.siteName, siteUrl: site.siteUrl },
      contactEmail: site.contactEmail,
      isMobile: isMobileUserAgent(request),
      user: sessionUser ? { id: sessionUser.id, email: sessionUser.email, isAdmin: sessionUser.isAdmin } : null,
      toast: flash.toast,
    },
    // Clears the flash cookie once read, and passes on a refreshed session cookie.
    { headers },
  );
}

export type RootData = Route.ComponentProps["loaderData"];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico", sizes: "any" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  useHydratedMarker();
  const siteName = data?.site.siteName ?? "Snart lediga";
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Hoppa till innehållet
        </a>
        <SiteHeader siteName={siteName} forceCollapsed={data?.isMobile ?? false} accountArea={<AccountArea user={data?.user ?? null} />} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
          {children}
        </main>
        <SiteFooter siteName={siteName} contactEmail={data?.contactEmail ?? ""} />
        {/* At the bottom (the whole width on a phone): a toast never covers the header and its navigation. */}
        <LazyToaster position="bottom-right" closeButton />
        <FlashToastEffect toast={data?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Marks <html data-hydrated> once the page is live: an end-to-end test waits
 * for it before it presses anything, as a person would wait for a page to respond.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const siteName = useRouteLoaderData<RootData>("root")?.site.siteName ?? "Snart lediga";
  let title = "Något gick fel";
  let message = "Ett oväntat fel uppstod. Försök igen om en stund.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = PAGE_NOT_FOUND.title;
      message = typeof error.data === "string" && error.data ? error.data : PAGE_NOT_FOUND.message;
    } else if (error.status === 400) {
      title = "Ogiltig förfrågan";
      message = typeof error.data === "string" && error.data ? error.data : "Adressen innehåller något vi inte förstår.";
    } else if (error.status === 503) {
      title = "Tjänsten är tillfälligt otillgänglig";
      message = "Vi kan inte nå databasen just nu. Försök igen om en liten stund.";
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  // Error pages get no route meta: the page names its own tab.
  return <ErrorPage title={title} message={message} documentTitle={`${title} | ${siteName}`} />;
}
