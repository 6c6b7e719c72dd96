import type { ContactInput } from "~/lib/contact-schema";
import type { Db } from "~/server/db/client.server";
import { contactMessages } from "~/server/db/schema/index.server";
import { enqueueEmail } from "~/server/email/enqueue-email.server";
import { getMailSettings, type MailSettings } from "~/server/email/mail-settings.server";
import { contactMails } from "~/server/email/templates/contact-mails.server";

/** Stores a contact message and queues its two mails (to us, and the confirmation) in one transaction. */
export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  options: { ipAddress?: string | null; settings?: MailSettings } = {},
) {
  const settings = options.settings ?? getMailSettings();
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(contactMessages)
      .values({ ...input, ipAddress: options.ipAddress ?? null })
      .returning({ id: contactMessages.id });
    await enqueueEmail(tx, ...contactMails(input, { contact: settings.contactEmail }, settings.site));
    return { messageId: message.id };
  });
}
