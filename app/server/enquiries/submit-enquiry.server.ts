import { and, eq } from "drizzle-orm";
import { parseDomainName } from "~/domain/names";
import type { EnquiryInput } from "~/lib/enquiry-schema";
import type { Db } from "~/server/db/client.server";
import { domains, enquiries } from "~/server/db/schema/index.server";
import { enqueueEmail } from "~/server/email/enqueue-email.server";
import { getMailSettings, type MailSettings } from "~/server/email/mail-settings.server";
import { enquiryMails } from "~/server/email/templates/enquiry-mails.server";

export type SubmitEnquiryResult = { ok: true; enquiryId: number } | { ok: false; reason: "not-for-sale" };

/**
 * Stores an enquiry about a premium domain and queues its two mails (to
 * sales, and the thank-you) in one transaction: either all three exist or
 * none. Only names that are premium now can be enquired about, so the form
 * cannot be pointed at arbitrary text.
 */
export async function submitEnquiry(
  db: Db,
  input: EnquiryInput,
  options: { ipAddress?: string | null; settings?: MailSettings } = {},
): Promise<SubmitEnquiryResult> {
  const parsed = parseDomainName(input.domain);
  if (!parsed.ok) return { ok: false, reason: "not-for-sale" };
  const settings = options.settings ?? getMailSettings();

  return db.transaction(async (tx) => {
    const [domain] = await tx
      .select({ name: domains.name, unicodeName: domains.unicodeName })
      .from(domains)
      .where(and(eq(domains.name, parsed.ace), eq(domains.status, "premium")))
      .limit(1);
    if (!domain) return { ok: false, reason: "not-for-sale" } as const;

    const [enquiry] = await tx
      .insert(enquiries)
      .values({
        domainName: domain.name,
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        ipAddress: options.ipAddress ?? null,
      })
      .returning({ id: enquiries.id });

    const mails = enquiryMails({ ...input, domain: domain.unicodeName }, { sales: settings.salesEmail }, settings.site);
    await enqueueEmail(tx, ...mails);
    return { ok: true, enquiryId: enquiry.id } as const;
  });
}
