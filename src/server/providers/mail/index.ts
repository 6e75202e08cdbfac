import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A message the app sends: plain text and a simple HTML version of the same words. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends account mail. `send` never throws: a message that cannot be sent is logged, and the request goes on. */
export interface Mailer {
  /** True when the message was handed to the SMTP server (or, without one outside production, to the log). */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

export const NO_SMTP_IN_PRODUCTION_WARNING =
  'SMTP_URL is not set: account mail (email verification, password reset) cannot be sent';

/**
 * nodemailer over SMTP_URL (`smtp://user:pass@host:587`, `smtps://...:465`). Without SMTP_URL outside production
 * the message is written to the log at info, links included, so a developer can follow them; in production
 * without it a warning is logged at start and for every message that could not be sent.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  isProduction: boolean;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, isProduction, log } = options;
  if (!smtpUrl) {
    if (isProduction) log.warn(NO_SMTP_IN_PRODUCTION_WARNING);
    return {
      async send(message) {
        if (isProduction) {
          log.warn({ mail: { subject: message.subject } }, `mail not sent: ${NO_SMTP_IN_PRODUCTION_WARNING}`);
          return false;
        }
        log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          `mail (SMTP_URL is not set, so it is written here instead of sent): ${message.subject} -> ${message.to}\n${message.text}`,
        );
        return true;
      },
      close() {},
    };
  }

  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
        return true;
      } catch (error) {
        log.warn(
          {
            mail: { subject: message.subject },
            reason: error instanceof Error ? error.message : String(error),
          },
          'mail could not be sent',
        );
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}

export { composeMail } from './compose';
