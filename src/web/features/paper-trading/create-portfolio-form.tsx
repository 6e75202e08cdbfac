import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Gift, Plus } from 'lucide-react';
import {
  ZCreatePaperPortfolioRequest,
  type CreatePaperPortfolioInput,
  type CreatePaperPortfolioRequest,
} from '../../../contracts/paper-trading';
import { PAPER_PORTFOLIO_LIMITS } from '../../../domain/paper-trading';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { useCreatePortfolio } from './create-portfolio';
import { FieldError } from '../../components/ui/field-error';

interface CreatePortfolioValues {
  name: string;
  description: string;
  /** As typed; the contract reads it as a decimal and checks the limits. */
  initialBalance: string;
}

const DEFAULT_VALUES: CreatePortfolioValues = {
  name: '',
  description: '',
  initialBalance: String(PAPER_PORTFOLIO_LIMITS.defaultInitialBalance),
};

/**
 * Spec 001 "Create Portfolio": name, optional description and starting balance, with the spec's messages
 * inline. `onCreated` receives the new portfolio's id once the portfolio list has been refetched.
 */
export function CreatePortfolioForm({
  userId,
  onCreated,
}: {
  userId: string;
  onCreated: (portfolioId: string) => void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const createPortfolio = useCreatePortfolio(userId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreatePaperPortfolioInput, unknown, CreatePaperPortfolioRequest>({
    resolver: zodResolver(ZCreatePaperPortfolioRequest),
    defaultValues: DEFAULT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit((values) => {
    // The toasts come from the mutation itself, so they show even if this tab is left while pending.
    createPortfolio.mutate(values, {
      onSuccess: ({ portfolio }) => {
        reset(DEFAULT_VALUES);
        onCreated(portfolio.id);
      },
    });
  });

  const describedBy = (field: keyof CreatePortfolioValues, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <Card role="region" aria-labelledby={headingId} className="w-full max-w-2xl">
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          Create Portfolio
        </h2>
        <CardDescription>
          Start a virtual portfolio with practice money. No real money is involved.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Portfolio Name</Label>
            <Input
              id={`${id}-name`}
              placeholder="e.g. Growth Practice"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              {...register('name')}
            />
            <FieldError id={`${id}-name-error`} message={errors.name?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-description`}>Description (Optional)</Label>
            <textarea
              id={`${id}-description`}
              rows={3}
              placeholder="What is this portfolio for?"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description')}
              className={cn(
                'flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm',
                'placeholder:text-muted-foreground',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                'aria-invalid:border-destructive',
              )}
              {...register('description')}
            />
            <FieldError id={`${id}-description-error`} message={errors.description?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-balance`}>Starting Balance</Label>
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              >
                $
              </span>
              <Input
                id={`${id}-balance`}
                type="number"
                inputMode="decimal"
                min={PAPER_PORTFOLIO_LIMITS.minInitialBalance}
                max={PAPER_PORTFOLIO_LIMITS.maxInitialBalance}
                step="0.01"
                className="pl-7"
                aria-invalid={errors.initialBalance ? true : undefined}
                aria-describedby={describedBy('initialBalance', `${id}-balance-hint`)}
                {...register('initialBalance')}
              />
            </div>
            <p id={`${id}-balance-hint`} className="text-sm text-muted-foreground">
              Minimum: $1,000 • Maximum: $1,000,000
            </p>
            <FieldError id={`${id}-initialBalance-error`} message={errors.initialBalance?.message} />
          </div>
          <Alert variant="info">
            <Gift aria-hidden="true" />
            <AlertDescription>Creating your first portfolio earns you 100 points.</AlertDescription>
          </Alert>
          <Button
            type="submit"
            size="lg"
            disabled={createPortfolio.isPending}
            className="w-full sm:w-auto sm:self-start"
          >
            <Plus aria-hidden="true" />
            {createPortfolio.isPending ? 'Creating Portfolio...' : 'Create Portfolio'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
