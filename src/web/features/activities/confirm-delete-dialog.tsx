import { AlertDialog } from 'radix-ui';
import { Button } from '../../components/ui/button';

/**
 * Asked before activities are deleted (one, or the rows selected). `onCloseAutoFocus` lets the caller put focus
 * somewhere that still exists once the rows are gone.
 */
export function ConfirmDeleteDialog({
  count,
  open,
  isDeleting,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  count: number;
  open: boolean;
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const what = count === 1 ? 'this activity' : `these ${count} activities`;
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => (isOpen ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-background p-6 shadow-xl focus-visible:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold">
            {count === 1 ? 'Delete this activity?' : `Delete ${count} activities?`}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            The holdings are worked out again without {what}. This cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={isDeleting} onClick={onConfirm}>
              {isDeleting ? 'Deleting…' : 'Delete'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
