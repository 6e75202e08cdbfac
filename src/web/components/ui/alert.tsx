import type { ComponentProps } from 'react';
import { AlertCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'border-border bg-background text-foreground',
  destructive:
    'border-destructive/40 bg-destructive-soft text-destructive [&_[data-slot=alert-description]]:text-[#7a271a]',
  info: 'border-[#93b4df] bg-primary-soft text-primary-soft-foreground',
} as const;

export type AlertVariant = keyof typeof variants;

/**
 * A message box. Errors that appear after an action should pass role="alert" so screen readers announce them;
 * static notices keep the default (no role) or role="status".
 */
export function Alert({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'div'> & { variant?: AlertVariant }) {
  return (
    <div
      data-slot="alert"
      className={cn(
        'relative flex w-full gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="alert-title" className={cn('leading-tight font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="alert-description" className={cn('text-sm leading-relaxed', className)} {...props} />
  );
}

/** A refusal or failure that appears after an action, announced: the server's message, with its icon. */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
