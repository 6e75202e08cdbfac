import type { FastifyError, FastifyInstance } from 'fastify';
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
