import { Fragment } from 'react';
import { cn } from '../lib/cn';

/**
 * An email address that a narrow screen breaks after the '@' or before a '.', never in the middle of a word
 * unless one part alone is wider than the line.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
