import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./parse-mail";

export type ReceivedMail = ParsedMail & { envelopeFrom: string; envelopeTo: string[]; raw: string };

export type TestSmtpServer = {
  port: number;
  /** An SMTP_URL for nodemailer pointing at this server. */
  url: string;
  messages: ReceivedMail[];
  /** Stops listening (the port stays reserved for `start`). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 and a random port that keeps every message
 * it accepts. No TLS and no auth: it only ever talks to the test process.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    const instance = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const from = session.envelope.mailFrom;
          messages.push({
            ...parseMail(raw),
            raw,
            envelopeFrom: from ? from.address : "",
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      instance.once("error", reject);
      instance.listen(port, "127.0.0.1", () => {
        instance.off("error", reject);
        resolve();
      });
    });
    server = instance;
    port = (instance.server.address() as { port: number }).port;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: () => (server ? Promise.resolve() : listen()),
  };
}
