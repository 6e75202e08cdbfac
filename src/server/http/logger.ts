import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import pino, { type DestinationStream, type Logger, type LoggerOptions, type SerializedError } from 'pino';
import pinoPretty from 'pino-pretty';

const CENSOR = '[redacted]';

/**
 * Field names whose values never reach a log line: anything named like a password, secret, key or token,
 * cookies, authorization headers and card numbers, in any spelling (`apiKey`, `api_key`, `x-api-key`,
 * `Set-Cookie`, `clientSecret`, `refresh_token`...). A pattern, not a list, so that a new field named like
 * one of them is covered without anyone remembering to add it.
 */
const SENSITIVE_FIELD = /pass(?:word|wd)|secret|cookie|authorization|card[-_]?number|(?:key|token)s?$/i;

export function isSensitiveField(name: string): boolean {
  return SENSITIVE_FIELD.test(name);
}

/**
 * Fields are redacted down to this nesting level (a top-level field is level 1). The bound keeps an object
 * that was never meant for a log line (a socket, a request) from being walked without end.
 */
const MAX_DEPTH = 6;

/**
 * `value` with every sensitive field replaced by CENSOR; `value` itself when none is found, so that a log
 * line with nothing to hide allocates nothing here. Copies only the objects on the way to a redacted field:
 * the caller's objects are never changed. Objects with `toJSON` are checked in the form they are written in.
 * `depth` is the nesting level of `value`'s own fields.
 */
export function redactSensitive(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  const written: unknown =
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON(): unknown }).toJSON()
      : value;
  if (typeof written !== 'object' || written === null) return value;

  if (Array.isArray(written)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < written.length; i++) {
      const item: unknown = written[i];
      const redacted = redactSensitive(item, depth + 1);
      if (redacted !== item) (copy ??= written.slice())[i] = redacted;
    }
    return copy ?? value;
  }
  const redacted = redactFields(written as Record<string, unknown>, depth);
  return redacted === written ? value : redacted;
}

/** `fields` redacted as above, at nesting level `depth`; the keys of `skip` are left as they are. */
function redactFields(
  fields: Record<string, unknown>,
  depth: number,
  skip?: object,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key) || (skip && Object.hasOwn(skip, key))) continue;
    const item = fields[key];
    if (item === undefined) continue;
    const redacted = isSensitiveField(key) ? CENSOR : redactSensitive(item, depth + 1);
    if (redacted !== item) (copy ??= { ...fields })[key] = redacted;
  }
  return copy ?? fields;
}

/** A URL with the values of sensitive query parameters (`?apikey=...`) replaced by CENSOR. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  return (
    url.slice(0, query) +
    url
      .slice(query)
      .replace(/([?&])([^=&#]+)=([^&#]*)/g, (field, separator: string, name: string) =>
        isSensitiveField(decodeName(name)) ? `${separator}${name}=${CENSOR}` : field,
      )
  );
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** How far a cause chain is followed looking for a database error (a chain could loop). */
const MAX_CAUSES = 8;

/** What a log line says about a failed database query. */
interface DatabaseErrorLine {
  type: 'DatabaseError';
  message: 'database query failed';
  /** PostgreSQL's SQLSTATE, or Node.js's code when the query never reached PostgreSQL (ECONNREFUSED). */
  code?: string;
  table?: string;
  constraint?: string;
}

/**
 * A failed query is logged as its code, table and constraint, and nothing else: Drizzle's error carries the
 * SQL and every parameter (emails, password hashes, ciphertexts) in its message, stack and fields, and
 * PostgreSQL's message and detail quote values of the row. Undefined when no error in `error`'s cause chain
 * came from the database.
 */
function serializeDatabaseError(error: Error): DatabaseErrorLine | undefined {
  let line: DatabaseErrorLine | undefined;
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < MAX_CAUSES; depth++) {
    if (current instanceof pg.DatabaseError) {
      const { code, table, constraint } = current;
      return { type: 'DatabaseError', message: 'database query failed', code, table, constraint };
    }
    if (current instanceof DrizzleQueryError) {
      const code = (current.cause as { code?: unknown } | undefined)?.code;
      line = {
        type: 'DatabaseError',
        message: 'database query failed',
        code: typeof code === 'string' ? code : undefined,
      };
    }
    current = current.cause;
  }
  return line;
}

/**
 * How requests, replies and errors are written (they replace Fastify's defaults). Each yields only fields
 * that are safe or redacted, which is why the log formatter below leaves these keys to them.
 */
const serializers = {
  req: (request: Partial<Pick<FastifyRequest, 'method' | 'url' | 'ip'>>) => ({
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    remoteAddress: request.ip,
  }),
  res: (reply: Partial<Pick<FastifyReply, 'statusCode'>>) => ({ statusCode: reply.statusCode }),
  // Redaction replaces the values of sensitive fields only: type, message and stack stay as they are.
  // A database error has no stack in its line (its first lines are the SQL and parameters), hence the cast.
  err: (error: Error) =>
    (serializeDatabaseError(error) as SerializedError | undefined) ??
    (redactSensitive(pino.stdSerializers.err(error), 2) as SerializedError),
};

/**
 * Redaction happens here, when a line is written, rather than through pino's `redact` paths: pino 10
 * (@pinojs/redact) parses every path again on every use, which with the wildcard paths that "any field
 * named password, at any depth" needs is ~20 KB of garbage per top-level field of a line and per binding of
 * a child logger. Fastify makes a child per request: with logging off that was 24 KB of the 54 KB a quote
 * request allocated, and 200 KB of 239 KB at level info. This walk allocates only when it finds something to
 * hide, and a disabled level never runs it. Serialized keys are left to their serializers.
 */
function redactLogObject(fields: Record<string, unknown>): Record<string, unknown> {
  return redactFields(fields, 1, serializers);
}

/**
 * The options of the process's logger (also valid as Fastify's `logger` option). Bindings given to `child()`
 * are written as given: the app binds only Fastify's request id, and must not bind anything sensitive.
 */
export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return { level, serializers, formatters: { log: redactLogObject } };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(loggerOptions(level), destination);
}

/** What the process writes to: its standard output. */
interface ProcessOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Fastify's listen() logs each address it listens on at info ('Server listening at ...'), as the text its
 * `listenTextResolver` returns. The process logger drops that text: `announce` says where the app is, once.
 */
export const LISTENING_TEXT_DROPPED = 'listening (said by the process logger)';

export interface ProcessLogger {
  log: Logger;
  /**
   * Says where the app is reached, once it listens: on a terminal one plain line ('Foliowise is running at
   * http://127.0.0.1:5000', whatever LOG_LEVEL is), otherwise the same words as a JSON line at info.
   */
  announce: (url: string) => void;
}

/**
 * The logger of `npm start`: lines a person reads when `output` is a terminal (pino-pretty, written as they
 * come, so that the line before a crash's exit is not lost), pino's JSON lines otherwise (a file, a pipe, a
 * container's log).
 */
export function createProcessLogger(level: string, output: ProcessOutput = process.stdout): ProcessLogger {
  const isTerminal = output.isTTY === true;
  const options: LoggerOptions = {
    ...loggerOptions(level),
    hooks: {
      logMethod(args, method) {
        if (args[0] !== LISTENING_TEXT_DROPPED) method.apply(this, args);
      },
    },
  };
  const log = isTerminal ? pino(options, terminalDestination(output)) : pino(options);
  return {
    log,
    announce: (url) => {
      const text = `Foliowise is running at ${url}`;
      if (isTerminal) output.write(`${text}\n`);
      else log.info({ url }, text);
    },
  };
}

/** A request's line as `GET /api/quotes 200 in 1234 ms`; the request id, address and pid are left out. */
function terminalDestination(output: ProcessOutput): DestinationStream {
  return pinoPretty({
    destination: output as NodeJS.WritableStream,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (line, messageKey) => {
      const message = typeof line[messageKey] === 'string' ? line[messageKey] : '';
      const req = line.req as { method?: string; url?: string } | undefined;
      if (!req) return message;
      const status = (line.res as { statusCode?: number } | undefined)?.statusCode ?? '';
      const time = typeof line.responseTime === 'number' ? ` in ${Math.round(line.responseTime)} ms` : '';
      return `${message}: ${req.method ?? ''} ${req.url ?? ''} ${status}${time}`;
    },
  });
}

/** A request answered in this many milliseconds or more is logged at info, as slow. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The level of a request's line: error when it failed (an answer of 500 or more, or an error while the
 * answer was sent), info when it was slow (SLOW_REQUEST_MS or more), and debug for every other request,
 * 4xx answers included (a wrong password or a rate limit is the app working, not news for the operator).
 */
export function requestLogLevel(
  statusCode: number,
  responseTime: number,
  hasError: boolean,
): 'error' | 'info' | 'debug' {
  if (hasError || statusCode >= 500) return 'error';
  return responseTime >= SLOW_REQUEST_MS ? 'info' : 'debug';
}

const REQUEST_MESSAGE = {
  error: 'request failed',
  info: 'slow request',
  debug: 'request completed',
} as const;

/**
 * One line per request, when its answer is sent, with method, URL, client address, status and time, at the
 * level requestLogLevel gives. Fastify's default writes two (an "incoming request" line, then "request
 * completed"), both at info.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completion line carries the request's fields.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const level = requestLogLevel(reply.statusCode, responseTime, false);
    reply.log[level]({ req: request, res: reply, responseTime }, REQUEST_MESSAGE[level]);
  }
}
