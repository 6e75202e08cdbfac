/**
 * The strings a zod schema reads from a request, found by walking the schema, and requests with a bad value
 * put at one of them (for src/server/http/every-string-field.test.ts).
 */
import type { Schema, Values } from './request-inputs';

export const RECORD_KEY = Symbol('record key');
type Segment = string | number | typeof RECORD_KEY;
export interface StringField {
  path: Segment[];
  schema: Schema;
}

const NOT_TEXT = new Set([
  'number',
  'bigint',
  'boolean',
  'enum',
  'literal',
  'unknown',
  'any',
  'null',
  'undefined',
  'transform',
  'date',
  'never',
  'void',
  'nan',
]);

interface Definition {
  type: string;
  shape: Record<string, Schema>;
  innerType: Schema;
  element: Schema;
  keyType: Schema;
  options: Schema[];
  in: Schema;
  out: Schema;
}

/** Every string a schema reads from its input, with its path (zod v4 schemas, walked by their definitions). */
export function stringFieldsOf(schema: Schema, path: Segment[] = []): StringField[] {
  const def = schema._zod.def as unknown as Definition;
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape).flatMap(([key, field]) => stringFieldsOf(field, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return stringFieldsOf(def.innerType, path);
    case 'array':
      return stringFieldsOf(def.element, [...path, 0]);
    case 'record':
      return stringFieldsOf(def.keyType, [...path, RECORD_KEY]);
    case 'union':
      return def.options.flatMap((option) => stringFieldsOf(option, path));
    case 'pipe': {
      // What comes in is read by `in`; `out` reads strings only when `in` passes the input on (z.preprocess).
      const read = stringFieldsOf(def.in, path);
      return read.length > 0 ? read : stringFieldsOf(def.out, path);
    }
    default:
      if (NOT_TEXT.has(def.type)) return [];
      throw new Error(`stringFieldsOf: no rule for a zod ${def.type} at ${path.map(String).join('.')}`);
  }
}

export function isUuidSchema(schema: Schema): boolean {
  return (schema._zod.def as { format?: string }).format === 'uuid';
}

/** `value` with `bad` put at `path`, the objects and lists on the way made when missing. */
export function withValueAt(value: Values, path: Segment[], bad: string): Values {
  const copy = structuredClone(value);
  let parent: Record<string | number, unknown> = copy;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const next = path[index + 1];
    if (segment === RECORD_KEY) return;
    if (next === RECORD_KEY) {
      const record = (parent[segment] ?? {}) as Record<string, unknown>;
      const [first] = Object.values(record);
      parent[segment] = { [bad]: first ?? 1 };
      return;
    }
    if (last) {
      parent[segment] = bad;
      return;
    }
    const child = parent[segment];
    parent[segment] = child && typeof child === 'object' ? child : typeof next === 'number' ? [{}] : {};
    parent = parent[segment] as Record<string | number, unknown>;
  });
  if (path[0] === RECORD_KEY) return { [bad]: Object.values(copy)[0] ?? 1 };
  return copy;
}

/** Percent-encodes text for a URL; a lone surrogate as the three bytes its code unit would take in UTF-8. */
function encode(text: string): string {
  return [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

export function urlOf(path: string, params: Values, query: Values | undefined): string {
  const url = path.replace(/:(\w+)/g, (_, name: string) => encode(String(params[name])));
  if (!query) return url;
  const pairs = Object.entries(query).map(([key, value]) => `${encode(key)}=${encode(String(value))}`);
  return pairs.length ? `${url}?${pairs.join('&')}` : url;
}
