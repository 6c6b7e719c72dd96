export const TEMPLATE_ENV = "SNART_TEST_PGLITE_TEMPLATE";
export const PG_TEMPLATE_ENV = "SNART_TEST_PG_TEMPLATE";
export const PG_PREFIX_ENV = "SNART_TEST_PG_PREFIX";

/** The same server as `url`, another database. */
export function adminUrl(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
