import { useId, useRef, useState, type FormEvent } from 'react';
import { FileDown, Plus } from 'lucide-react';
import { PORTFOLIO_ACCOUNT_MESSAGES as M } from '../../../contracts/portfolio-accounts';
import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  PORTFOLIO_ACCOUNT_LIMITS,
  type AccountType,
} from '../../../domain/portfolio-accounts';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { useAddManualAccount } from './add-manual-account';

const HOLDINGS_PLACEHOLDER = '{"AAPL": 10, "VTI": 25, "CRYPTO:BTC": 0.05}';
const IMPORTED_NAME = 'Imported portfolio';

function parseHoldings(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface AddAccountFormProps {
  userId: string;
  /** The analyzer's imported portfolio, offered as 'Save as account'; null when there is none. */
  importedHoldings: Readonly<Record<string, number>> | null;
}

/**
 * Spec 000 §5 manual account: a type (brokerage by default), a name (Add disabled without one) and holdings as
 * JSON; text that is not JSON is 'Invalid Holdings Format' before anything is sent.
 */
export function AddAccountForm({ userId, importedHoldings }: AddAccountFormProps) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [accountType, setAccountType] = useState<AccountType>(PORTFOLIO_ACCOUNT_LIMITS.defaultAccountType);
  const [accountName, setAccountName] = useState('');
  const [holdingsText, setHoldingsText] = useState('');
  const addAccount = useAddManualAccount(userId);
  const importedCount = importedHoldings ? Object.keys(importedHoldings).length : 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const holdings = parseHoldings(holdingsText.trim() === '' ? '{}' : holdingsText);
    if (holdings === undefined) {
      toast({ title: M.holdingsInvalidTitle, description: M.holdingsInvalid, variant: 'destructive' });
      return;
    }
    addAccount.mutate(
      { accountType, accountName, holdings },
      {
        onSuccess: () => {
          setAccountName('');
          setHoldingsText('');
        },
      },
    );
  };

  const fillFromImport = () => {
    if (!importedHoldings) return;
    setHoldingsText(JSON.stringify(importedHoldings, null, 2));
    if (accountName.trim() === '') setAccountName(IMPORTED_NAME);
    nameRef.current?.focus();
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex min-w-0 flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Add Account
      </h3>
      {importedCount > 0 ? (
        <div className="flex flex-col gap-2 rounded-md bg-primary-soft p-3 text-sm text-primary-soft-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            Your imported portfolio ({importedCount} {importedCount === 1 ? 'holding' : 'holdings'}) can be
            kept as an account.
          </p>
          <Button type="button" variant="outline" size="sm" className="shrink-0" onClick={fillFromImport}>
            <FileDown aria-hidden="true" />
            Save as account
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-type`}>Account Type</Label>
          <Select value={accountType} onValueChange={(value) => setAccountType(value as AccountType)}>
            <SelectTrigger id={`${id}-type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACCOUNT_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {ACCOUNT_TYPE_LABELS[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Account Name</Label>
          <Input
            ref={nameRef}
            id={`${id}-name`}
            value={accountName}
            maxLength={PORTFOLIO_ACCOUNT_LIMITS.nameMaxLength}
            placeholder="e.g. Vanguard Brokerage"
            autoComplete="off"
            onChange={(event) => setAccountName(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-holdings`}>Holdings (JSON)</Label>
        <textarea
          id={`${id}-holdings`}
          rows={4}
          value={holdingsText}
          placeholder={HOLDINGS_PLACEHOLDER}
          spellCheck={false}
          aria-describedby={`${id}-holdings-hint`}
          onChange={(event) => setHoldingsText(event.target.value)}
          className={cn(
            'flex w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-base text-foreground sm:text-sm',
            'placeholder:text-muted-foreground',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          )}
        />
        <p id={`${id}-holdings-hint`} className="text-xs text-muted-foreground">
          Symbol to number of shares; crypto as CRYPTO:BTC.
        </p>
      </div>
      <Button
        type="submit"
        className="w-full sm:w-auto sm:self-start"
        disabled={accountName.trim() === '' || addAccount.isPending}
      >
        <Plus aria-hidden="true" />
        Add Account
      </Button>
    </form>
  );
}
