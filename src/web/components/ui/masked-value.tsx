import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What a hidden figure shows instead (paper trading's Hide Balances). */
export const VALUE_MASK = '••••••';

/** A figure, or while `hidden` dots read out as 'Hidden' (in the text colour: a gain's green would tell). */
export function MaskedValue({
  hidden,
  children,
  className,
}: {
  hidden: boolean;
  children: ReactNode;
  className?: string;
}) {
  if (!hidden) return <span className={className}>{children}</span>;
  return (
    <span className={cn(className, 'text-foreground')}>
      <span aria-hidden="true">{VALUE_MASK}</span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}
