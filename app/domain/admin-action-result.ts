/**
 * What every backoffice action answers: the toast to show (docs/product.md,
 * "The texts that matter") and, for forms, the message for each bad field.
 */
export type AdminActionResult = {
  intent: string;
  ok: boolean;
  title: string;
  description?: string;
  fieldErrors?: Record<string, string | undefined>;
  /** Nothing to announce yet: the outcome is shown when the started work ends. */
  quiet?: boolean;
  /** The name (readable form) this action added, for the list to show it. */
  domain?: string;
  /** An import run started by this action, for the progress panel to follow. */
  importRunId?: number;
  /** A maintenance job queued by this action: its run is the first one started after `requestedAt`. */
  job?: { name: string; requestedAt: string; alreadyRunning: boolean };
};
