import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

const HasTooltipProvider = createContext(false);

/**
 * 700 ms before the first tooltip opens, 300 ms to skip the delay between them (spec 000 §9). Mounted by the
 * pages that show tooltips, not by the app: Radix's tooltip brings its positioning engine (floating-ui), which
 * the landing page does not need.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      <HasTooltipProvider value={true}>{children}</HasTooltipProvider>
    </TooltipPrimitive.Provider>
  );
}

/** A tooltip under a page's TooltipProvider shares its delays; one outside it gets its own, never an error. */
export function TooltipRoot(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props} />;
  return useContext(HasTooltipProvider) ? root : <TooltipProvider>{root}</TooltipProvider>;
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/** The common case: `<Tooltip content="Explains the thing"><Button .../></Tooltip>`. */
export function Tooltip({
  content,
  children,
  side,
}: {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>['side'];
}) {
  return (
    <TooltipRoot>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{content}</TooltipContent>
    </TooltipRoot>
  );
}
