/**
 * The rules an activity must follow before it is stored, whoever wrote it (the form, the API, an import): the
 * fields its type needs and no others (ACTIVITY_FIELD_RULES), positive numbers, a real `YYYY-MM-DD` date that is
 * not after `today`, an ISO 4217 currency, a symbol spelled as the portfolio map spells it, and a note without
 * control characters. Pure; answers every fault by field, never throws.
 */
import { fromDayNumber, isIsoDate, toDayNumber } from '../calendar';
import { isStorableLine, TICKER_PATTERN } from '../storable-text';
import { ACTIVITY_FIELD_RULES, ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, type ActivityDraft } from './activity';

export const ACTIVITY_LIMITS = {
  /** As the portfolio map's keys (MAX_SYMBOL_LENGTH of the analyzer's contract). */
  symbolMaxLength: 64,
  noteMaxLength: 500,
  /** Digits after the point of every number (the columns are numeric(28, 10)). */
  maxDecimals: 10,
  /** Digits before the point (without leading zeros): every number is below 10^18. */
  maxWholeDigits: 18,
  /** The oldest date a history may start on. */
  earliestDate: '1900-01-01',
} as const;

export type ActivityNumberField = 'quantity' | 'price' | 'fee' | 'amount';
export type ActivityField = 'type' | 'date' | 'symbol' | ActivityNumberField | 'currency' | 'note';

/** How the messages name each field; the form labels its fields with the same words. */
export const ACTIVITY_FIELD_LABELS: Readonly<Record<ActivityField, string>> = {
  type: 'Type',
  date: 'Date',
  symbol: 'Symbol',
  quantity: 'Quantity',
  price: 'Price',
  fee: 'Fee',
  amount: 'Amount',
  currency: 'Currency',
  note: 'Note',
};

export const ACTIVITY_MESSAGES = {
  typeInvalid: `Type must be one of ${ACTIVITY_TYPES.join(', ')}`,
  dateInvalid: 'Date must be a real date written YYYY-MM-DD',
  dateInFuture: (today: string) => `Date cannot be in the future (today is ${today})`,
  dateTooOld: `Date cannot be before ${ACTIVITY_LIMITS.earliestDate}`,
  required: (field: ActivityField, type: ActivityDraft['type']) =>
    `${ACTIVITY_FIELD_LABELS[field]} is required for ${ACTIVITY_TYPE_LABELS[type].toLowerCase()}`,
  notAllowed: (field: ActivityField, type: ActivityDraft['type']) =>
    `${ACTIVITY_FIELD_LABELS[field]} does not apply to ${ACTIVITY_TYPE_LABELS[type].toLowerCase()}: leave it empty`,
  notANumber: (field: ActivityField) => `${ACTIVITY_FIELD_LABELS[field]} must be a number`,
  notPositive: (field: ActivityField) => `${ACTIVITY_FIELD_LABELS[field]} must be greater than 0`,
  tooManyDecimals: (field: ActivityField) =>
    `${ACTIVITY_FIELD_LABELS[field]} has more than ${ACTIVITY_LIMITS.maxDecimals} decimals`,
  tooLarge: (field: ActivityField) => `${ACTIVITY_FIELD_LABELS[field]} is too large`,
  symbolInvalid: 'Symbol may contain only letters, digits and . - ^ = : /',
  symbolTooLong: `Symbol is too long (${ACTIVITY_LIMITS.symbolMaxLength} characters at most)`,
  currencyInvalid: 'Currency must be an ISO 4217 code such as USD, EUR or GBP',
  noteTooLong: `Note is too long (${ACTIVITY_LIMITS.noteMaxLength} characters at most)`,
  noteInvalid: 'Note contains characters that are not allowed',
} as const;

/** A decimal as the ledger reads it: digits, an optional point and fraction; no sign, exponent or grouping. */
const DECIMAL_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const CURRENCY_TEXT = /^[A-Z]{3}$/;
/** The ISO 4217 codes the runtime knows (Intl's list), read once. */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export type ActivityValidation =
  | { ok: true; activity: ActivityDraft }
  | {
      ok: false;
      /** The first fault, for one-line answers. */
      message: string;
      fields: Partial<Record<ActivityField, string>>;
    };

/** `BRK.B`, `crypto:btc` -> `CRYPTO:BTC`: trimmed and upper-cased, as the portfolio map's keys are. */
export function normalizeActivitySymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

const spelled = ({ whole, fraction }: { whole: string; fraction: string }) =>
  `${whole === '' ? '0' : whole}${fraction === '' ? '' : `.${fraction}`}`;

/**
 * A plain decimal (DECIMAL_TEXT: digits and at most one point) in its shortest spelling, as Decimal's toFixed()
 * writes it (`012.50` -> `12.5`, `.5` -> `0.5`, `3.` -> `3`, `0.000` -> `0`), read as text: an import checks and
 * compares tens of thousands of numbers, and a Decimal made for each costs most of that.
 */
export function shortestDecimal(text: string): string {
  return spelled(decimalParts(text));
}

/** The digits before the point without leading zeros, and after it without trailing zeros. */
function decimalParts(text: string): { whole: string; fraction: string } {
  const point = text.indexOf('.');
  let start = 0;
  const wholeEnd = point < 0 ? text.length : point;
  while (start < wholeEnd && text.charCodeAt(start) === 48) start++;
  let end = text.length;
  if (point >= 0) while (end > point + 1 && text.charCodeAt(end - 1) === 48) end--;
  return {
    whole: text.slice(start, wholeEnd),
    fraction: point < 0 || end === point + 1 ? '' : text.slice(point + 1, end),
  };
}

function checkNumber(field: ActivityNumberField, raw: string): string | { error: string } {
  const text = raw.trim();
  // No sign: a fee (which may be 0, a commission-free trade) is never negative, every other number is positive.
  if (!DECIMAL_TEXT.test(text)) return { error: ACTIVITY_MESSAGES.notANumber(field) };
  const parts = decimalParts(text);
  const { whole, fraction } = parts;
  if (fraction.length > ACTIVITY_LIMITS.maxDecimals)
    return { error: ACTIVITY_MESSAGES.tooManyDecimals(field) };
  if (whole.length > ACTIVITY_LIMITS.maxWholeDigits) return { error: ACTIVITY_MESSAGES.tooLarge(field) };
  if (field !== 'fee' && whole === '' && fraction === '')
    return { error: ACTIVITY_MESSAGES.notPositive(field) };
  return spelled(parts);
}

/**
 * Checks an activity and returns it normalised (symbol upper-cased, numbers in their shortest decimal spelling,
 * currency upper-cased, note trimmed with an empty one as null), or every fault by field. `today` is the
 * person's `YYYY-MM-DD`: a later date is refused.
 */
export function validateActivity(draft: ActivityDraft, options: { today: string }): ActivityValidation {
  const fields: Partial<Record<ActivityField, string>> = {};
  if (!(ACTIVITY_TYPES as readonly string[]).includes(draft.type)) {
    return {
      ok: false,
      message: ACTIVITY_MESSAGES.typeInvalid,
      fields: { type: ACTIVITY_MESSAGES.typeInvalid },
    };
  }
  const rules = ACTIVITY_FIELD_RULES[draft.type];

  const date = draft.date.trim();
  if (!isIsoDate(date) || fromDayNumber(toDayNumber(date)) !== date)
    fields.date = ACTIVITY_MESSAGES.dateInvalid;
  else if (date > options.today) fields.date = ACTIVITY_MESSAGES.dateInFuture(options.today);
  else if (date < ACTIVITY_LIMITS.earliestDate) fields.date = ACTIVITY_MESSAGES.dateTooOld;

  let symbol: string | null = null;
  const rawSymbol = draft.symbol?.trim() ? draft.symbol : null;
  if (rawSymbol === null) {
    if (rules.symbol === 'required') fields.symbol = ACTIVITY_MESSAGES.required('symbol', draft.type);
  } else if (rules.symbol === 'none') {
    fields.symbol = ACTIVITY_MESSAGES.notAllowed('symbol', draft.type);
  } else {
    symbol = normalizeActivitySymbol(rawSymbol);
    if (symbol.length > ACTIVITY_LIMITS.symbolMaxLength) fields.symbol = ACTIVITY_MESSAGES.symbolTooLong;
    else if (!TICKER_PATTERN.test(symbol)) fields.symbol = ACTIVITY_MESSAGES.symbolInvalid;
  }

  const numbers: Record<ActivityNumberField, string | null> = {
    quantity: null,
    price: null,
    fee: null,
    amount: null,
  };
  for (const field of ['quantity', 'price', 'fee', 'amount'] as const) {
    const raw = draft[field]?.trim() ? draft[field] : null;
    if (raw === null) {
      if (rules[field] === 'required') fields[field] = ACTIVITY_MESSAGES.required(field, draft.type);
      continue;
    }
    if (rules[field] === 'none') {
      fields[field] = ACTIVITY_MESSAGES.notAllowed(field, draft.type);
      continue;
    }
    const checked = checkNumber(field, raw);
    if (typeof checked === 'string') numbers[field] = checked;
    else fields[field] = checked.error;
  }

  const currency = draft.currency.trim().toUpperCase();
  if (!CURRENCY_TEXT.test(currency) || !KNOWN_CURRENCIES.has(currency)) {
    fields.currency = ACTIVITY_MESSAGES.currencyInvalid;
  }

  const note = draft.note?.trim() ? draft.note.trim() : null;
  if (note !== null) {
    if (note.length > ACTIVITY_LIMITS.noteMaxLength) fields.note = ACTIVITY_MESSAGES.noteTooLong;
    else if (!isStorableLine(note)) fields.note = ACTIVITY_MESSAGES.noteInvalid;
  }

  const first = Object.values(fields)[0];
  if (first !== undefined) return { ok: false, message: first, fields };
  return { ok: true, activity: { type: draft.type, date, symbol, ...numbers, currency, note } };
}
