import type { ComponentProps } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A side sheet: a Radix Dialog that slides in from the right (focus trapped, Escape closes). */
export const Sheet = Dialog.Root;

export function SheetContent({
  className,
  children,
  closeLabel = 'Close menu',
  ...props
}: ComponentProps<typeof Dialog.Content> & { closeLabel?: string }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-[85%] max-w-sm flex-col gap-4 overflow-y-auto bg-background p-6 shadow-xl',
          'data-[state=open]:animate-slide-in-right focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        {children}
        <Dialog.Close
          className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  return <Dialog.Title className={cn('text-lg font-semibold text-foreground', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
