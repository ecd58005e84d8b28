import nodemailer from "nodemailer";
import type { Db } from "./db";
import { outbox } from "./platform.schema";

export interface OutgoingMessage {
  channel: "email" | "sms";
  to: string;
  subject: string;
  body: string;
}

/** Sends e-mails and texts. Every message is also written to the outbox table, so what was sent is on record. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * E-mail goes through SMTP when `SMTP_URL` is set. Without it, and for texts (no SMS gateway is configured),
 * the outbox is the only destination: tests and the back office read it there.
 */
export function createMessenger(db: Db, smtpUrl: string | undefined, from: string): Messenger {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const viaSmtp = message.channel === "email" && transport !== null;
      if (viaSmtp) await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
      await db.insert(outbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        transport: viaSmtp ? "smtp" : "outbox",
      });
    },
  };
}
