import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../http/logger';
import { MAIL_PUBLIC_URL as PUBLIC_URL, signupBody } from '../../testing/accounts';
import { createTestApp } from '../../testing/test-app';
import { VERIFICATION_SUBJECT } from './account-mail';

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${++counter}@example.com`;

describe('mail without SMTP_URL', () => {
  function captureLogger() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    return {
      logger: createLogger('info', stream),
      lines: () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; mail?: { to?: string } }),
    };
  }

  it('outside production writes the message, link included, to the log at info', async () => {
    const capture = captureLogger();
    const dev = await createTestApp({
      env: { NODE_ENV: 'development', PORT: '5123' },
      loggerInstance: capture.logger,
    });
    try {
      const email = uniqueEmail('logged');
      expect(
        (await dev.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) }))
          .statusCode,
      ).toBe(202);
      await expect.poll(() => capture.lines().find((l) => l.mail?.to === email)).toBeDefined();
      const line = capture.lines().find((l) => l.mail?.to === email);
      expect(line?.level).toBe(30);
      expect(line?.msg).toContain(VERIFICATION_SUBJECT);
      // Without PUBLIC_URL the link is the address the server listens on (HOST 127.0.0.1 by default).
      expect(line?.msg).toMatch(/http:\/\/127\.0\.0\.1:5123\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await dev.close();
    }
  });

  it('in production warns at start and for every message that cannot be sent, without its content', async () => {
    const capture = captureLogger();
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32), PUBLIC_URL },
      loggerInstance: capture.logger,
    });
    try {
      const startWarning = capture.lines().find((l) => l.msg.includes('SMTP_URL is not set'));
      expect(startWarning?.level).toBe(40);
      const email = uniqueEmail('prod');
      expect(
        (await prod.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) }))
          .statusCode,
      ).toBe(202);
      await expect
        .poll(() => capture.lines().filter((l) => l.msg.startsWith('mail not sent')).length)
        .toBe(1);
      expect(JSON.stringify(capture.lines())).not.toContain('verify-email?token=');
    } finally {
      await prod.close();
    }
  });
});
