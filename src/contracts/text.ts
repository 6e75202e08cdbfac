import { z } from 'zod';
import { isStorableLine, isStorableMultiline } from '../domain/storable-text';

export { TICKER_PATTERN } from '../domain/storable-text';

interface TextOptions {
  /** The field as a message names it: 'Firm name'. */
  field: string;
  /** Length bound, after trimming: every text field has one. */
  max: number;
  tooLong?: string;
  /** At least this many characters (after trimming); 1 makes the field required. */
  min?: number;
  tooShort?: string;
  /** The message when the value is missing or not a string. */
  required?: string;
  /** The message for a character that is not allowed (default '<Field> contains characters that are not allowed'). */
  invalid?: string;
  /** One message for every failure (a link's token, a key), instead of the ones above. */
  message?: string;
  /** Trims surrounding white space first (the default); passwords and file contents are taken as sent. */
  trim?: boolean;
  /** Allows the tab, LF and CR (a message, a CSV file); other control characters are still refused. */
  multiline?: boolean;
}

/**
 * The one text type of every request (body, query, params, headers): a zod string that is trimmed (unless
 * `trim: false`), bounded by `max` (and `min`), and refuses NUL, lone surrogates and the C0/C1 control
 * characters ('<Field> contains characters that are not allowed'), so that nothing that reaches a service can
 * fail to store or be stored altered. Chain a field's own rules after it: `text({ field: 'Symbol', max: 10
 * }).toUpperCase().regex(TICKER_PATTERN)`. ESLint refuses a raw `z.string()` in a request schema.
 */
export function text(options: TextOptions): z.ZodString {
  const { field, max, min = 0, message } = options;
  let schema = z.string({ error: message ?? options.required ?? `${field} must be text` });
  if (options.trim !== false) schema = schema.trim();
  if (min > 0) schema = schema.min(min, message ?? options.tooShort ?? `${field} is required`);
  schema = schema.max(max, message ?? options.tooLong ?? `${field} is too long (${max} characters at most)`);
  return schema.refine(
    options.multiline ? isStorableMultiline : isStorableLine,
    message ?? options.invalid ?? `${field} contains characters that are not allowed`,
  );
}

/** Whether `schema` is a string built by `text()` (the every-string-field test walks request schemas with it). */
export function isTextSchema(schema: z.core.$ZodType): boolean {
  const checks = schema._zod.def.checks ?? [];
  return checks.some((check) => {
    const def = check._zod.def as { check: string; fn?: unknown };
    return def.check === 'custom' && (def.fn === isStorableLine || def.fn === isStorableMultiline);
  });
}
