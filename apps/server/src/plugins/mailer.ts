import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import { randomToken } from '../lib/tokens.js';

export interface OutgoingMail {
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  /** With it the message is multipart/alternative: this HTML part and the text part. */
  html?: string;
  replyTo?: string;
  /** The display name before MAIL_FROM's address (`Ada Berg via Funkis`); unset: MAIL_FROM as it is. */
  fromName?: string;
  /** Stable per queued message, so a copy sent twice after a crash is recognisable as the same message. */
  messageId?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  mailDir: string;
}

/**
 * nodemailer is loaded with the first message, not at start: a server that sends no mail does not hold it in
 * memory (~4 MB of the idle footprint).
 */
const loadNodemailer = () => createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');

/** A transport made on first use; `close` closes it only if it was made. */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transporter) {
  let transport: Transporter | undefined;
  return {
    get: () => {
      transport ??= make(loadNodemailer());
      return transport;
    },
    close: () => transport?.close(),
  };
}

/** MAIL_FROM's address (`Funkis <no-reply@x>` → `no-reply@x`). */
export const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** The sender of one message: MAIL_FROM, or its address under the message's own display name. */
const senderOf = (from: string, { fromName, ...mail }: OutgoingMail) => ({
  ...mail,
  from: fromName ? { name: fromName, address: addressOf(from) } : from,
});

/** Real SMTP when SMTP_URL is set; otherwise every message becomes an .eml file under DATA_DIR/mail. */
export function createMailer(options: MailerOptions, log: FastifyInstance['log']): Mailer & { close(): void } {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await transport.get().sendMail(senderOf(options.from, mail));
        log.info({ messageId: mail.messageId }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await transport.get().sendMail(senderOf(options.from, mail));
      await fs.mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      log.info({ messageId: mail.messageId, file }, 'mail written to file (SMTP_URL is not set)');
    },
    close: transport.close,
  };
}

async function mailerPlugin(app: FastifyInstance, options: MailerOptions) {
  const mailer = createMailer(options, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}

export default fp(mailerPlugin, { name: 'mailer' });
