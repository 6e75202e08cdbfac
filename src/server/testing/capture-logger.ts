import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** A logger at trace level, without redaction, that appends every line it writes to `lines`. */
export function captureLogger(lines: string[]): FastifyBaseLogger {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return pino({ level: 'trace' }, stream);
}
