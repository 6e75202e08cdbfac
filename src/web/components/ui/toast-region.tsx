import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { TOAST_DURATION_MS, dismissToast, useToast } from './use-toast';

/**
 * Loaded by Toaster (toaster.tsx) with the first toast. Radix Toast: 5000 ms, swipe right past 50 px to
 * dismiss, F8 (Radix's default hotkey) moves focus to the notifications region (spec 000 §9).
 */
export default function ToastRegion() {
  const { toasts } = useToast();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-slide-in-right',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-white'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description
                className={cn(
                  'text-sm',
                  item.variant === 'destructive' ? 'text-white' : 'text-muted-foreground',
                )}
              >
                {item.description}
              </Toast.Description>
            ) : null}
            {item.action ? (
              <Toast.Action
                altText={item.action.label}
                onClick={item.action.onSelect}
                className="mt-1 inline-flex h-8 items-center justify-self-start rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                {item.action.label}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className={cn(
              'absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-ring',
              item.variant === 'destructive'
                ? 'text-white hover:bg-white/15'
                : 'text-muted-foreground hover:bg-muted',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
