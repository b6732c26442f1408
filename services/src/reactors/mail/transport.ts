import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageDelivery } from '@shop/contracts';
import { createTransport } from 'nodemailer';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../platform/config/private-files';
import { MessageRefused } from '../../platform/reactors/channel';

/** One e-mail, ready to go. */
export interface OutgoingMail {
  from: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** `<…>`, derived from the event that caused it: a resend is recognisably the same message. */
  messageId: string;
}

/** Where e-mail goes: an SMTP server, or `.eml` files in a folder. */
export interface MailTransport {
  delivery: Exclude<MessageDelivery, 'off'>;
  /** For the start-up log; never the password. */
  description: string;
  /** Resolves once the server accepted it; throws MessageRefused for a permanent refusal. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Bounds on one SMTP conversation, well within an outbox lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 };

/**
 * The server named by an `smtp://` or `smtps://` URL (user and password in it), through nodemailer.
 * A 5xx answer is a refusal for good (an unknown mailbox), except a failed login: that is the shop's
 * configuration, and its messages wait until it is fixed.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    delivery: 'smtp',
    description: `SMTP ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(mail) {
      try {
        await transporter.sendMail({ ...mail, headers: { 'Auto-Submitted': 'auto-generated' } });
      } catch (error) {
        const { responseCode, code, response } = error as {
          responseCode?: number;
          code?: string;
          response?: string;
        };
        if (responseCode !== undefined && responseCode >= 500 && code !== 'EAUTH') {
          throw new MessageRefused(response ?? (error as Error).message);
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * Each message as an `.eml` file in `folder`, named by its cause so a resend replaces it: what a
 * fresh clone does without SMTP_URL, for a newcomer to open. Written whole or not at all.
 */
export function folderTransport(folder: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivery: 'folder',
    description: `.eml files in ${folder}`,
    async send(mail) {
      const built = await transporter.sendMail({ ...mail, headers: { 'Auto-Submitted': 'auto-generated' } });
      makePrivateDir(folder);
      const name = mail.messageId.replace(/^<|@.*$/g, '').replace(/[^\w.-]/g, '_');
      const file = join(folder, `${name}.eml`);
      // The message may hold a live reset or confirmation link: for the shop's own user only.
      writeFileSync(`${file}.tmp`, built.message as Buffer, { mode: PRIVATE_FILE_MODE });
      renameSync(`${file}.tmp`, file);
    },
    close: () => transporter.close(),
  };
}
