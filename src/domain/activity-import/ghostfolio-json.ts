/**
 * Ghostfolio's JSON export (`{ meta, accounts, assetProfiles, platforms, tags, activities, user }`): its
 * activities, each numbered by the line of the file where it starts. Accounts and platforms are Ghostfolio's
 * own bookkeeping: the activities go into the portfolio the person imports into. Asset profiles name manual
 * assets and say which Yahoo symbols are crypto.
 */
import { CsvReadError } from './cells';
import { ParseCollector, dateOfIsoDateTime } from './fields';
import { ACTIVITY_FILE_ERRORS, ACTIVITY_IMPORT_LIMITS, type ActivityFormatReader } from './format';
import { readGhostfolioActivity, type GhostfolioActivity } from './ghostfolio';

export const GHOSTFOLIO_JSON_REASONS = {
  notJson: 'the file is not valid JSON',
  noActivities: 'no "activities" list: this is not a Ghostfolio export',
  notAnActivity: 'not an activity (an object with type, symbol, date, ...)',
} as const;

const BOM = /^\uFEFF/;

/**
 * The 1-based line where each element of the top-level object's array `key` starts. A small scanner over the
 * text (strings and their escapes skipped), because JSON.parse does not say where a value was.
 */
export function arrayElementLines(text: string, key: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  let lastString = '';
  let arrayDepth: number | undefined;
  let expectElement = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        lastString = text.slice(stringStart, i);
      }
      continue;
    }
    if (expectElement && depth === arrayDepth && ch !== ']' && !/\s/.test(ch ?? '')) {
      lines.push(line);
      expectElement = false;
    }
    if (ch === '"') {
      inString = true;
      stringStart = i + 1;
    } else if (ch === '[' && depth === 1 && arrayDepth === undefined && lastString === key) {
      depth += 1;
      arrayDepth = depth;
      expectElement = true;
    } else if (ch === '{' || ch === '[') depth += 1;
    else if (ch === '}' || ch === ']') {
      depth -= 1;
      if (arrayDepth !== undefined && depth < arrayDepth) return lines;
    } else if (ch === ',' && depth === arrayDepth) expectElement = true;
  }
  return lines;
}

/** Where JSON.parse stopped, as a line (V8 says `at position N` for most errors). */
function errorLine(text: string, error: unknown): number {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (position === undefined) return 1;
  return text.slice(0, Number(position)).split('\n').length;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as text: numbers as JavaScript writes them (`298.58`), absent values empty. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

interface AssetProfile {
  name?: string;
  isCrypto: boolean;
}

function profilesOf(value: unknown): Map<string, AssetProfile> {
  const profiles = new Map<string, AssetProfile>();
  if (!Array.isArray(value)) return profiles;
  for (const profile of value) {
    if (!isRecord(profile)) continue;
    const name = textOf(profile.name);
    profiles.set(`${textOf(profile.dataSource)}|${textOf(profile.symbol)}`, {
      ...(name ? { name } : {}),
      isCrypto: profile.assetSubClass === 'CRYPTOCURRENCY',
    });
  }
  return profiles;
}

export const ghostfolioJson: ActivityFormatReader = {
  format: 'ghostfolio-json',
  label: 'Ghostfolio export (JSON)',
  detect(file) {
    return (
      file.fileName.toLowerCase().endsWith('.json') || file.text.replace(BOM, '').trimStart().startsWith('{')
    );
  },
  parse(file) {
    const out = new ParseCollector('ghostfolio-json');
    const text = file.text.replace(BOM, '');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      out.skip(errorLine(text, error), GHOSTFOLIO_JSON_REASONS.notJson);
      return out.result();
    }
    const activities = isRecord(data) ? data.activities : undefined;
    if (!Array.isArray(activities)) {
      out.skip(1, GHOSTFOLIO_JSON_REASONS.noActivities);
      return out.result();
    }
    if (activities.length > ACTIVITY_IMPORT_LIMITS.maxRows)
      throw new CsvReadError(ACTIVITY_FILE_ERRORS.tooManyRows);
    const profiles = profilesOf(isRecord(data) ? data.assetProfiles : undefined);
    const lines = arrayElementLines(text, 'activities');
    activities.forEach((activity: unknown, index) => {
      const line = lines[index] ?? 1;
      if (!isRecord(activity)) return out.skip(line, GHOSTFOLIO_JSON_REASONS.notAnActivity);
      const rawDate = textOf(activity.date);
      const profile = profiles.get(`${textOf(activity.dataSource)}|${textOf(activity.symbol)}`);
      const read: GhostfolioActivity = {
        line,
        type: textOf(activity.type),
        dataSource: textOf(activity.dataSource),
        symbol: textOf(activity.symbol),
        currency: textOf(activity.currency),
        date: dateOfIsoDateTime(rawDate),
        rawDate,
        quantity: textOf(activity.quantity),
        unitPrice: textOf(activity.unitPrice),
        fee: textOf(activity.fee),
        comment: textOf(activity.comment),
        ...(profile ? { profile } : {}),
      };
      readGhostfolioActivity(read, out);
    });
    return out.result();
  },
};
