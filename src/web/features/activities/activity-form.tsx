import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog } from 'radix-ui';
import type { Activity, CreateActivityRequest } from '../../../contracts/activities';
import {
  ACTIVITY_FIELD_RULES,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  type ActivityType,
} from '../../../domain/activities/activity';
import { ACTIVITY_FIELD_LABELS, type ActivityField } from '../../../domain/activities/validate';
import { displaySymbol, symbolKeyOf, symbolKindOf, type SymbolKind } from '../../../domain/symbol-kind';
import { SymbolKindField } from '../../components/symbol-kind-field';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { FieldError } from '../../components/ui/field-error';
import { DialogCloseButton } from './dialog-close-button';
import { localToday } from './format';
import { useSaveActivity } from './save-activity';

type RuledField = 'symbol' | 'quantity' | 'price' | 'fee' | 'amount';
const RULED_FIELDS: readonly RuledField[] = ['symbol', 'quantity', 'price', 'fee', 'amount'];

/** The form's fields are the API's (ActivityField), each as typed. */
interface ActivityFormValues extends Record<ActivityField, string> {
  type: ActivityType;
  date: string;
  symbol: string;
  quantity: string;
  price: string;
  fee: string;
  amount: string;
  currency: string;
  note: string;
}
type FormField = keyof ActivityFormValues;
const FORM_FIELDS: readonly FormField[] = ['type', 'date', ...RULED_FIELDS, 'currency', 'note'];

/** What a field means where its type gives it a meaning of its own. */
function hintOf(field: RuledField, type: ActivityType): string | null {
  if (field === 'quantity' && type === 'split')
    return 'Shares after per share before: 2 for a 2-for-1 split, 0.1 for 1-for-10.';
  if (field === 'quantity' && type === 'dividend') return 'The shares it was paid on.';
  if (field === 'price' && type === 'transfer_in')
    return 'The cost per share; leave it empty when the cost is unknown.';
  if (field === 'price') return 'Per share, in the currency below.';
  if (field === 'amount') return 'The cash received or paid, as a positive number.';
  return null;
}

/** A number as the form shows it: plain digits, never an exponent (1e-7 -> 0.0000001). */
function numberText(value: number | null): string {
  if (value === null) return '';
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function valuesOf(activity: Activity | null): ActivityFormValues {
  if (!activity) {
    return {
      type: 'buy',
      date: localToday(),
      symbol: '',
      quantity: '',
      price: '',
      fee: '',
      amount: '',
      currency: 'USD',
      note: '',
    };
  }
  return {
    type: activity.type,
    date: activity.date,
    // As people read it ('BTC'); the market beside it says it is the coin (never the key 'CRYPTO:BTC').
    symbol: displaySymbol(activity.symbol ?? ''),
    quantity: numberText(activity.quantity),
    price: numberText(activity.price),
    fee: numberText(activity.fee),
    amount: numberText(activity.amount),
    currency: activity.currency,
    note: activity.note ?? '',
  };
}

/**
 * The request as typed: numbers go as the decimal text typed (exact), a field the type does not take goes as
 * null (an edit that changes the type empties it), an empty currency is left to the server's default. The
 * symbol goes as the key of the market chosen ('BTC' on Crypto is the coin's key).
 */
function requestOf(portfolio: string, values: ActivityFormValues, market: SymbolKind): CreateActivityRequest {
  const rules = ACTIVITY_FIELD_RULES[values.type];
  const ruled = (field: RuledField) =>
    rules[field] === 'none' || values[field].trim() === '' ? null : values[field];
  const symbol = ruled('symbol');
  return {
    portfolio,
    type: values.type,
    date: values.date,
    symbol: symbol === null ? null : symbolKeyOf(market, symbol),
    quantity: ruled('quantity'),
    price: ruled('price'),
    fee: ruled('fee'),
    amount: ruled('amount'),
    currency: values.currency.trim() === '' ? undefined : values.currency,
    note: values.note.trim() === '' ? null : values.note,
  };
}

const isFormField = (name: string): name is FormField => (FORM_FIELDS as readonly string[]).includes(name);

/**
 * Add or edit one activity, in a dialog. The server's rules are the only rules: the form sends what was typed and
 * shows each message the API gives under the field it names (the same text an import or an API client gets), and
 * a refusal of the whole (selling more than was held then) above the buttons. Only the fields the chosen type
 * takes are shown (ACTIVITY_FIELD_RULES). Focus goes where `onCloseAutoFocus` puts it.
 */
export function ActivityFormDialog({
  portfolio,
  activity,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  portfolio: string;
  /** null: a new activity. */
  activity: Activity | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once it closes (the dialog has no Radix trigger to go back to). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-background p-4 shadow-xl focus-visible:outline-none sm:p-6"
        >
          <Dialog.Title className="pr-8 text-lg font-semibold">
            {activity ? 'Edit activity' : 'Add activity'}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            A buy, sale, dividend or other change of this portfolio, on the day it happened.
          </Dialog.Description>
          {open ? (
            <ActivityForm
              key={activity?.id ?? 'new'}
              portfolio={portfolio}
              activity={activity}
              onSaved={() => onOpenChange(false)}
            />
          ) : null}
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ActivityForm({
  portfolio,
  activity,
  onSaved,
}: {
  portfolio: string;
  activity: Activity | null;
  onSaved: () => void;
}) {
  const id = useId();
  const save = useSaveActivity(portfolio);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Stock or crypto is asked, not guessed, as in the alert and order forms.
  const [market, setMarket] = useState<SymbolKind>(symbolKindOf(activity?.symbol ?? ''));
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ActivityFormValues>({ defaultValues: valuesOf(activity) });
  const type = useWatch({ control, name: 'type' });
  const rules = ACTIVITY_FIELD_RULES[type];
  const shownFields = FORM_FIELDS.filter((field) => !isRuled(field) || rules[field] !== 'none');

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    const request = requestOf(portfolio, values, market);
    try {
      if (activity) {
        const { portfolio: _portfolio, ...changes } = request;
        await save.mutateAsync({ id: activity.id, request: changes });
      } else {
        await save.mutateAsync({ id: null, request });
      }
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      const onField = Object.entries(fields).filter(
        (entry): entry is [FormField, string] => isFormField(entry[0]) && shownFields.includes(entry[0]),
      );
      onField.forEach(([field, message], index) =>
        setError(field, { message }, { shouldFocus: index === 0 }),
      );
      // What no shown field carries (a sale of more than was held, a network failure) is said above the buttons.
      if (onField.length === 0) setRefusal(errorMessage(error, 'The activity could not be saved.'));
      return;
    }
    toast({ title: activity ? 'Activity saved' : 'Activity added' });
    onSaved();
  });

  const fieldId = (field: FormField) => `${id}-${field}`;
  const describedBy = (field: FormField, hint: boolean) =>
    [errors[field] ? `${fieldId(field)}-error` : null, hint ? `${fieldId(field)}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const labelOf = (field: FormField) =>
    isRuled(field) && rules[field] === 'optional'
      ? `${ACTIVITY_FIELD_LABELS[field]} (optional)`
      : ACTIVITY_FIELD_LABELS[field];

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId('type')}>Type</Label>
          <NativeSelect
            id={fieldId('type')}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={describedBy('type', false)}
            {...register('type')}
          >
            {ACTIVITY_TYPES.map((value) => (
              <option key={value} value={value}>
                {ACTIVITY_TYPE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${fieldId('type')}-error`} message={errors.type?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId('date')}>Date</Label>
          <Input
            id={fieldId('date')}
            type="date"
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={describedBy('date', false)}
            {...register('date')}
          />
          <FieldError id={`${fieldId('date')}-error`} message={errors.date?.message} />
        </div>
        {RULED_FIELDS.filter((field) => rules[field] !== 'none').map((field) => {
          const hint = hintOf(field, type);
          const input = (
            <div key={field} className="flex flex-col gap-2">
              <Label htmlFor={fieldId(field)}>{labelOf(field)}</Label>
              <Input
                id={fieldId(field)}
                inputMode={field === 'symbol' ? undefined : 'decimal'}
                autoComplete="off"
                autoCapitalize={field === 'symbol' ? 'characters' : undefined}
                spellCheck={false}
                placeholder={
                  field === 'symbol' ? (market === 'crypto' ? 'BTC, ETH' : 'AAPL, VOD.L') : undefined
                }
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={describedBy(field, hint !== null)}
                {...register(field)}
              />
              {hint ? (
                <p id={`${fieldId(field)}-hint`} className="text-xs text-muted-foreground">
                  {hint}
                </p>
              ) : null}
              <FieldError id={`${fieldId(field)}-error`} message={errors[field]?.message} />
            </div>
          );
          if (field !== 'symbol') return input;
          return [
            <SymbolKindField key="market" name={`${id}-market`} value={market} onChange={setMarket} />,
            input,
          ];
        })}
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId('currency')}>Currency</Label>
          <Input
            id={fieldId('currency')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={3}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={describedBy('currency', false)}
            {...register('currency')}
          />
          <FieldError id={`${fieldId('currency')}-error`} message={errors.currency?.message} />
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor={fieldId('note')}>Note (optional)</Label>
          <textarea
            id={fieldId('note')}
            rows={2}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy('note', false)}
            className={cn(
              'flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              'aria-invalid:border-destructive',
            )}
            {...register('note')}
          />
          <FieldError id={`${fieldId('note')}-error`} message={errors.note?.message} />
        </div>
      </div>
      {refusal ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : activity ? 'Save changes' : 'Add activity'}
        </Button>
      </div>
    </form>
  );
}

function isRuled(field: FormField): field is RuledField {
  return (RULED_FIELDS as readonly string[]).includes(field);
}
