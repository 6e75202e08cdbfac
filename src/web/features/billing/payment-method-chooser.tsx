import { CreditCard, Landmark, Smartphone, Wallet, type LucideIcon } from 'lucide-react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contracts/billing';
import { cn } from '../../lib/cn';

const METHOD_DETAILS: Record<PaymentMethod, { label: string; icon: LucideIcon; stripeType: string }> = {
  'credit-card': { label: 'Credit card', icon: CreditCard, stripeType: 'card' },
  paypal: { label: 'PayPal', icon: Wallet, stripeType: 'paypal' },
  'apple-pay': { label: 'Apple Pay', icon: Smartphone, stripeType: 'apple_pay' },
  'google-pay': { label: 'Google Pay', icon: Smartphone, stripeType: 'google_pay' },
  'bank-transfer': { label: 'Bank transfer', icon: Landmark, stripeType: 'us_bank_account' },
};

/** The Payment Element's method types with the chosen one first (the others stay available). */
export function stripeMethodOrder(method: PaymentMethod): string[] {
  return [METHOD_DETAILS[method].stripeType];
}

/**
 * The multi-method page's chooser (spec 000 §9's five methods; deviation 3): a choice only. The details of the
 * chosen method are entered in Stripe's Payment Element on the next step.
 */
export function PaymentMethodChooser({
  value,
  onChange,
  disabled,
}: {
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Payment method</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PAYMENT_METHODS.map((method) => {
          const { label, icon: Icon } = METHOD_DETAILS[method];
          const isChosen = value === method;
          return (
            <label
              key={method}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                isChosen
                  ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                  : 'border-border hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={isChosen}
                onChange={() => onChange(method)}
                className="size-4 accent-[var(--color-primary)]"
              />
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </label>
          );
        })}
      </div>
      <p className="text-xs text-muted-foreground">
        You enter the details in Stripe&apos;s secure form on the next step: they go to Stripe, never to our
        servers.
      </p>
    </fieldset>
  );
}
