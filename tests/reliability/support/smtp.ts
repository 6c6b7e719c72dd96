import { SMTPServer } from "smtp-server";
import { parseMail } from "../../support/parse-mail";

export type ReceivedMail = { messageId: string; to: string[]; subject: string };

/** A real SMTP server on a fixed port (the app's SMTP_URL points at it before it exists). */
export function createSmtpSink(port: number) {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  return {
    messages,
    url: `smtp://127.0.0.1:${port}`,
    async start() {
      const instance = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const mail = parseMail(Buffer.concat(chunks).toString("utf8"));
            messages.push({ messageId: mail.header("message-id") ?? "", to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: mail.subject });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        instance.once("error", reject);
        instance.listen(port, "127.0.0.1", () => resolve());
      });
      server = instance;
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
