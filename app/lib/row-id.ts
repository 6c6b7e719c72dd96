/** The largest PostgreSQL `integer`, the type of every generated row id. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id as a form or an address gives it: a positive whole number written
 * plainly ("12", not "012", "1e3", "-1" or "12.0") that fits a PostgreSQL
 * integer; anything else names no row, so null (the caller answers 404).
 * Without this, "99999999999999999999" reached the database and failed there.
 */
export function parseRowId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ROW_ID ? id : null;
}
