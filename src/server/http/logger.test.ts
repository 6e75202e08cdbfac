import { Writable } from 'node:stream';
import pino, { type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactPaths } from './logger';

function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const logger = pino(loggerOptions('info') as LoggerOptions, stream);
  return { logger, output: () => lines.join('') };
}

const SECRETS = {
  cookie: 'fw_session=Zm9saW93aXNlLXNlc3Npb24tdG9rZW4tc2VjcmV0LXZhbHVl',
  authorization: 'Bearer sk-live-authorization-secret',
  password: 'hunter2',
  apiKey: 'k-api-key-secret-value',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
};

describe('log redaction', () => {
  it('keeps cookies, authorization, passwords, API keys and password hashes out of log lines', () => {
    const { logger, output } = captureLogger();
    logger.info(
      {
        req: {
          method: 'POST',
          url: '/api/auth/login',
          headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization },
        },
        body: { email: 'ada@example.com', password: SECRETS.password, apiKey: SECRETS.apiKey },
        user: { id: 'u1', passwordHash: SECRETS.passwordHash },
      },
      'request',
    );
    const text = output();
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('sk-live');

    // The line is still there, with its harmless parts and the secrets replaced.
    const line = JSON.parse(text.trim());
    expect(line.msg).toBe('request');
    expect(line.req.url).toBe('/api/auth/login');
    expect(line.body.email).toBe('ada@example.com');
    expect(line.body.password).toBe('[redacted]');
    expect(line.user.passwordHash).toBe('[redacted]');
    expect(line.req.headers.cookie).toBe('[redacted]');
    expect(line.req.headers.authorization).toBe('[redacted]');
  });

  it('redacts at the top level and a few levels deep, and a Set-Cookie answer', () => {
    const { logger, output } = captureLogger();
    logger.info({ password: 'top-level-secret' });
    logger.info({ a: { b: { password: 'two-deep-secret' } } });
    logger.info({ a: { b: { c: { token: 'three-deep-secret' } } } });
    logger.info({ res: { headers: { 'set-cookie': 'fw_session=set-cookie-secret' } } });
    logger.info({ input: { confirmPassword: 'confirm-secret', clientSecret: 'pi_secret_x' } });
    const text = output();
    for (const secret of [
      'top-level-secret',
      'two-deep-secret',
      'three-deep-secret',
      'set-cookie-secret',
      'confirm-secret',
      'pi_secret_x',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('covers the fields the accounts code handles', () => {
    for (const path of ['*.password', '*.passwordHash', 'req.headers.cookie', 'req.headers.authorization']) {
      expect(redactPaths).toContain(path);
    }
  });
});
