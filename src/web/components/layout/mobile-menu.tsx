import type { ReactNode, RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';

/**
 * The header's side sheet below 768 px, its own chunk: Radix Dialog and its scroll lock load with the first
 * tap on the menu button, not with every page. The button lives in the header, outside the Dialog, so focus
 * is handed back to it here on close.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="pr-10">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription className="mt-1">{description}</SheetDescription>
        </div>
        {children}
      </SheetContent>
    </Sheet>
  );
}
