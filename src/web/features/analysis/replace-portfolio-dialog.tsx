import { AlertDialog } from 'radix-ui';
import { Button } from '../../components/ui/button';
import type { PendingImport } from './use-portfolio-import';

export interface ReplacePortfolioDialogProps {
  pending: PendingImport | null;
  currentCount: number;
  onReplace: () => void;
  onAdd: () => void;
  onCancel: () => void;
}

/** Asked before an import would replace a portfolio that already holds something: replace, add, or cancel. */
export function ReplacePortfolioDialog({
  pending,
  currentCount,
  onReplace,
  onAdd,
  onCancel,
}: ReplacePortfolioDialogProps) {
  const incoming = pending ? Object.keys(pending.portfolio).length : 0;
  return (
    <AlertDialog.Root open={pending !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-background p-6 shadow-xl focus-visible:outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Replace your portfolio?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            Your portfolio holds {currentCount} {currentCount === 1 ? 'holding' : 'holdings'}. The import has{' '}
            {incoming} {incoming === 1 ? 'holding' : 'holdings'}. Replace what you have, or add the import to
            it (a symbol in both gets the sum of both quantities)?
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="outline" onClick={onAdd}>
              Add to it
            </Button>
            <AlertDialog.Action asChild>
              <Button onClick={onReplace}>Replace</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
