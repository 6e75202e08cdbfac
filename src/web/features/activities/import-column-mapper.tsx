import { useId, useState, type FormEvent } from 'react';
import type { ImportPreviewResponse } from '../../../contracts/activity-imports';
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, type ActivityType } from '../../../domain/activities/activity';
import { ACTIVITY_FIELD_LABELS } from '../../../domain/activities/validate';
import type { ColumnMapping } from '../../../domain/activity-import/column-mapper';
import {
  DATE_FORMATS,
  MAPPED_FIELDS,
  type DateFormat,
  type MappedField,
} from '../../../domain/activity-import/format';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';

type MappingNeeded = Extract<ImportPreviewResponse, { kind: 'mapping-needed' }>;

/** A type word's choice: an activity type, 'skip' (its rows are left out), or '' (not chosen yet). */
type TypeChoice = ActivityType | 'skip' | '';

const REQUIRED: ReadonlySet<MappedField> = new Set(['date', 'type']);
const REQUIRED_MESSAGE = 'Choose the column';

/**
 * The column mapper for a CSV no format recognises: one select per field listing the file's header (prefilled with
 * the server's proposal), how the dates are written, and what each of the file's type words is. Submitting sends
 * the file again with the mapping, which the server remembers for this header.
 */
export function ImportColumnMapper({
  needed,
  isSending,
  onSubmit,
}: {
  needed: MappingNeeded;
  isSending: boolean;
  onSubmit: (mapping: ColumnMapping) => void;
}) {
  const idPrefix = useId();
  const { header, proposal } = needed;
  const [columns, setColumns] = useState<Partial<Record<MappedField, string>>>(proposal.columns);
  const [dateFormat, setDateFormat] = useState<DateFormat | ''>(proposal.dateFormat ?? '');
  const [types, setTypes] = useState<Record<string, TypeChoice>>(() => ({
    ...proposal.types,
    ...Object.fromEntries(proposal.unknownTypes.map((word) => [word, ''])),
  }));
  const [currency, setCurrency] = useState('');
  const [showErrors, setShowErrors] = useState(false);

  const missing = (field: MappedField) => REQUIRED.has(field) && !columns[field];
  const isComplete =
    !missing('date') &&
    !missing('type') &&
    dateFormat !== '' &&
    Object.values(types).every((choice) => choice !== '') &&
    (currency === '' || /^[A-Za-z]{3}$/.test(currency));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { date, type } = columns;
    if (!isComplete || !date || !type || !dateFormat) {
      setShowErrors(true);
      return;
    }
    onSubmit({
      columns: { ...columns, date, type },
      dateFormat,
      types: Object.fromEntries(
        Object.entries(types).map(([word, choice]) => [
          word,
          choice === 'skip' || choice === '' ? null : choice,
        ]),
      ),
      ...(currency === '' ? {} : { currency: currency.toUpperCase() }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Which column holds each field</legend>
        {MAPPED_FIELDS.map((field) => {
          const id = `${idPrefix}-${field}`;
          const error = showErrors && missing(field) ? REQUIRED_MESSAGE : undefined;
          return (
            <div key={field} className="flex flex-col gap-1.5">
              <Label htmlFor={id}>
                {ACTIVITY_FIELD_LABELS[field]}
                {REQUIRED.has(field) ? '' : ' (optional)'}
              </Label>
              <NativeSelect
                id={id}
                value={columns[field] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const { value } = event.target;
                  setColumns((current) => ({ ...current, [field]: value === '' ? undefined : value }));
                }}
              >
                <option value="">{REQUIRED.has(field) ? 'Choose a column' : 'Not in this file'}</option>
                {header.map((name, i) => (
                  <option key={i} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={`${id}-error`} message={error} />
            </div>
          );
        })}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${idPrefix}-date-format`}>How the dates are written</Label>
          <NativeSelect
            id={`${idPrefix}-date-format`}
            value={dateFormat}
            aria-invalid={showErrors && dateFormat === '' ? true : undefined}
            aria-describedby={showErrors && dateFormat === '' ? `${idPrefix}-date-format-error` : undefined}
            onChange={(event) => setDateFormat(event.target.value as DateFormat | '')}
          >
            <option value="">Choose a date format</option>
            {DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </NativeSelect>
          <FieldError
            id={`${idPrefix}-date-format-error`}
            message={showErrors && dateFormat === '' ? 'Choose how the dates are written' : undefined}
          />
        </div>
        {columns.currency ? null : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${idPrefix}-currency`}>Currency of every row (optional)</Label>
            <Input
              id={`${idPrefix}-currency`}
              value={currency}
              maxLength={3}
              placeholder="USD"
              autoCapitalize="characters"
              onChange={(event) => setCurrency(event.target.value.trim())}
            />
          </div>
        )}
      </div>

      {Object.keys(types).length > 0 ? (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">What each type word of the file is</legend>
          {Object.entries(types).map(([word, choice], i) => {
            const id = `${idPrefix}-word-${i}`;
            const error = showErrors && choice === '' ? 'Choose a type, or skip these rows' : undefined;
            return (
              <div key={word} className="flex flex-col gap-1.5">
                <Label htmlFor={id} className="break-all">
                  “{word}”
                </Label>
                <NativeSelect
                  id={id}
                  value={choice}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) =>
                    setTypes((current) => ({ ...current, [word]: event.target.value as TypeChoice }))
                  }
                >
                  <option value="">Choose…</option>
                  {ACTIVITY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {ACTIVITY_TYPE_LABELS[type]}
                    </option>
                  ))}
                  <option value="skip">Skip these rows</option>
                </NativeSelect>
                <FieldError id={`${id}-error`} message={error} />
              </div>
            );
          })}
        </fieldset>
      ) : null}

      <Button type="submit" disabled={isSending} className="self-start">
        {isSending ? 'Reading the file…' : 'Preview with these columns'}
      </Button>
    </form>
  );
}
