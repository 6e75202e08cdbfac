import type { FastifyServerOptions } from 'fastify';

/** Field names whose values never reach a log line, at any depth we log. */
const SENSITIVE_FIELDS = [
  'password',
  'passwordHash',
  'confirmPassword',
  'secret',
  'appSecret',
  'apiKey',
  'api_key',
  'apikey',
  'key',
  'token',
  'clientSecret',
  'cardNumber',
  'authorization',
  'cookie',
];

export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SENSITIVE_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]),
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}
