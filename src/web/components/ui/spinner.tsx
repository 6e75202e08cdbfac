import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning indicator. With a `label` it is announced (role="status"); without one it is decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = (
    <LoaderCircle className={cn('size-5 animate-spin text-primary', className)} aria-hidden="true" />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
