import { Link } from "react-router";

/** What a page that does not exist says (the catch-all route and the root error boundary). */
export const PAGE_NOT_FOUND = { title: "Sidan kunde inte hittas", message: "Sidan du letar efter finns inte eller har flyttats." };

/**
 * What an error boundary shows: a heading, the reason and the way back to the
 * start page. `documentTitle` is for a boundary whose route has no meta of its
 * own for the failed page: it names the tab and keeps the page out of search engines.
 */
export function ErrorPage({ title, message, documentTitle }: { title: string; message: string; documentTitle?: string }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      {documentTitle !== undefined && (
        <>
          {/* React hoists these into <head>. */}
          <title>{documentTitle}</title>
          <meta name="robots" content="noindex" />
        </>
      )}
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Till startsidan
      </Link>
    </section>
  );
}
