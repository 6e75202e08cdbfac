import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';

/** The × in the corner of the Activity view's dialogs (the activity form, the import wizard). */
export function DialogCloseButton() {
  return (
    <Dialog.Close
      className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      aria-label="Close"
    >
      <X className="size-5" aria-hidden="true" />
    </Dialog.Close>
  );
}
