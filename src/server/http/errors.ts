import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type ZodType } from 'zod';
import { AppError } from '../../contracts/errors';

/** Turns zod issues into `{ field: message }`, first message per field. */
export function fieldsFromZodError(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses a body, query or params object with its contract schema; failure is a 400 naming the fields. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function validationError(error: ZodError): AppError {
  const fields = fieldsFromZodError(error);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return new AppError('VALIDATION_ERROR', first, { fields });
}

/** One error handler: every failure leaves as `{ error: { code, message, fields? } }`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(validationError(error).toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large (limit 1 MB)').toBody());
    }
    if (status === 415) {
      return reply
        .status(415)
        .send(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type').toBody());
    }
    if (status === 429) {
      return reply.status(429).send(new AppError('RATE_LIMITED', error.message).toBody());
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body is empty'
            : 'Bad request';
      return reply.status(status).send(new AppError('BAD_REQUEST', message, { status }).toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(new AppError('INTERNAL', 'Something went wrong on our side. Please try again.').toBody());
  });
}

/**
 * The errors Fastify answers before routing (its `frameworkErrors`): a URL it cannot decode (400) and a path
 * parameter longer than its 100-character limit (414), in the error shape; anything else is a 500.
 */
export function frameworkError(error: FastifyError): AppError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new AppError('URI_TOO_LONG', 'The request URL is too long');
  }
  if (error.code === 'FST_ERR_BAD_URL') return new AppError('BAD_REQUEST', 'The request URL is not valid');
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** What Node's HTTP parser refuses before any request exists: headers too large, a timeout, bad HTTP. */
function connectionError(error: ConnectionError): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const limit = `${Math.round(maxHeaderSize / 1024)} KB`;
    return new AppError('HEADERS_TOO_LARGE', `The request line and headers are too large (limit ${limit})`);
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new AppError('REQUEST_TIMEOUT', 'The request took too long to arrive');
  }
  return new AppError('BAD_REQUEST', 'The request is not valid HTTP');
}

/**
 * Fastify's `clientErrorHandler`: Node's parser gave up on a connection (431, 408, 400) before Fastify saw a
 * request, so the answer is written on the socket itself, in the error shape, and the connection closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = connectionError(error);
  const body = JSON.stringify(appError.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
