import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 2369/8058) on a reminder. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Hides most of an address in logs: "a***@example.com". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP every message becomes a JSON file in DATA_DIR/outbox, so a self-hoster (and the
 * tests) can read it. The log names the file, never its content: reset links are secrets.
 */
export function createOutboxMailer({ dir, from, logger }: { dir: string; from: string; logger: FastifyBaseLogger }): Mailer {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.json`);
      writeFileSync(file, `${JSON.stringify({ from, ...message, created_at: new Date().toISOString() }, null, 2)}\n`, {
        mode: 0o600,
      });
      logger.info(
        { to: maskEmail(message.to), subject: message.subject, file },
        'e-mail written to the outbox (no SMTP_URL set)',
      );
    },
  };
}
