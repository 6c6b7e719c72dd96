/**
 * An import that cannot go on for a reason the administrator can act on (a bad
 * file, an unreachable URL, a list over the size limit). Its message is shown
 * as it is in the backoffice and the CLI; anything else is a bug and is logged.
 */
export class ImportError extends Error {
  override name = "ImportError";
}

/** The message an administrator sees for any failure: ours as written, others generic. */
export function importFailureMessage(error: unknown): string {
  if (error instanceof ImportError) return error.message;
  return error instanceof Error && error.message ? error.message : "Unknown error during import";
}
