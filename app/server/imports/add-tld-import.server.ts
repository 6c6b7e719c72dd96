import { z } from "zod";
import { isSupportedTld } from "~/domain/names";
import type { Db } from "../db/client.server";
import { tldImports, type TldImportRow } from "../db/schema/index.server";

/** The "Add New Import Configuration" form: TLD as "se", ".se" or "SE"; the list's http(s) URL. */
export const tldImportInput = z.object({
  tld: z
    .string({ error: "TLD must be se or nu" })
    .trim()
    .toLowerCase()
    .transform((value) => (value.startsWith(".") ? value : `.${value}`))
    .refine(isSupportedTld, "TLD must be se or nu"),
  url: z
    .string({ error: "Data URL must be an http or https URL" })
    .trim()
    .max(2000, "Data URL is too long")
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "Data URL must be an http or https URL"),
});

export type AddTldImportResult = { ok: true; config: TldImportRow } | { ok: false; errors: Partial<Record<"tld" | "url", string>> };

/** Adds a configuration (last_import empty: "Never"). Field errors come back as values for the form. */
export async function addTldImport(db: Db, input: { tld: unknown; url: unknown }): Promise<AddTldImportResult> {
  const parsed = tldImportInput.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<"tld" | "url", string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "tld" ? "tld" : "url";
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const [config] = await db.insert(tldImports).values({ tld: parsed.data.tld, url: parsed.data.url }).returning();
  return { ok: true, config };
}
