import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMail } from '@tripcrew/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { randomId } from './tokens.ts';

/**
 * Outgoing mail. With SMTP_URL every mail goes through nodemailer over SMTP for real; without it
 * the dev outbox keeps each mail as a JSON file under DATA_DIR/outbox and logs one line, and
 * GET /api/dev/outbox (absent in production) lists them so a newcomer can confirm an account
 * without a mail server.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly delivery: 'smtp' | 'outbox';
  sendMail(message: MailMessage): Promise<void>;
  /** Recent outbox mails, newest first (empty when mail goes through SMTP). */
  listOutbox(options: { limit: number; to?: string | undefined }): Promise<OutboxMail[]>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How many mails the outbox keeps; older files are deleted. */
  outboxKeep?: number;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

const FILE = /^\d{15}-[a-f0-9]{12}\.json$/;

export function createMailer(options: MailerOptions): Mailer {
  const keep = options.outboxKeep ?? 500;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      delivery: 'smtp',
      async sendMail(message) {
        try {
          await transport.sendMail({ from: options.from, ...message });
        } catch (error) {
          throw new MailDeliveryError(`SMTP delivery failed: ${(error as Error).message}`, { cause: error });
        }
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      listOutbox: async () => [],
      close: () => transport.close(),
    };
  }

  async function prune(): Promise<void> {
    const files = (await readdir(options.outboxDir)).filter((f) => FILE.test(f)).sort();
    const excess = files.length - keep;
    for (const file of files.slice(0, Math.max(0, excess))) {
      await rm(join(options.outboxDir, file), { force: true });
    }
  }

  return {
    delivery: 'outbox',
    async sendMail(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const createdAt = new Date();
      const id = `${String(createdAt.getTime()).padStart(15, '0')}-${randomId(6)}`;
      const mail: OutboxMail = { id, ...message, createdAt: createdAt.toISOString() };
      const file = join(options.outboxDir, `${id}.json`);
      await writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600 });
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail kept in the dev outbox (no SMTP_URL set); outside production GET /api/dev/outbox lists it',
      );
      await prune().catch((err: Error) => options.log.warn({ err: err.message }, 'outbox prune failed'));
    },
    async listOutbox({ limit, to }) {
      let files: string[];
      try {
        files = (await readdir(options.outboxDir))
          .filter((f) => FILE.test(f))
          .sort()
          .reverse();
      } catch {
        return [];
      }
      const mails: OutboxMail[] = [];
      for (const file of files) {
        if (mails.length >= limit) break;
        try {
          const mail = JSON.parse(await readFile(join(options.outboxDir, file), 'utf8')) as OutboxMail;
          if (!to || mail.to.toLowerCase() === to) mails.push(mail);
        } catch {
          // a file being written or removed meanwhile: skip it
        }
      }
      return mails;
    },
    close: () => undefined,
  };
}
