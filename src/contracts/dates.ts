import { z } from 'zod';

/** A calendar date, `YYYY-MM-DD` (JSON Schema `format: date`). */
export const ZIsoDate = z.iso.date();

/** An instant in ISO 8601 with its offset, as `Date#toISOString` writes it (JSON Schema `format: date-time`). */
export const ZIsoDateTime = z.iso.datetime({ offset: true });
