import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-primary-soft text-primary-soft-foreground',
  outline: 'border-border text-foreground',
  success: 'border-transparent bg-success-soft text-success',
  destructive: 'border-transparent bg-destructive-soft text-destructive',
  warning: 'border-transparent bg-warning-soft text-warning-foreground',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs leading-4 font-semibold whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
