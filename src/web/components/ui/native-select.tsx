import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A native select styled as the inputs (keyboard and mobile pickers for free): the admin's filters, the activity form. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
