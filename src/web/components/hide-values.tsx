import { Fragment, createContext, useContext, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from './ui/button';

const HideValuesContext = createContext(false);

export const MASK = '••••••';

export function HideValuesProvider({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return <HideValuesContext.Provider value={hidden}>{children}</HideValuesContext.Provider>;
}

export function useValuesHidden(): boolean {
  return useContext(HideValuesContext);
}

/** A money amount (or any figure that reveals one): dots while values are hidden, read out as 'Hidden'. */
export function Amount({ children, className }: { children: ReactNode; className?: string }) {
  const hidden = useValuesHidden();
  if (!hidden) return <span className={className}>{children}</span>;
  return (
    <span className={className}>
      <span aria-hidden="true">{MASK}</span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

/** Dollar amounts inside generated text: '$71,048.33', '-$12', '($865.30)'. */
const MONEY_IN_TEXT = /[-+−]?\$\s?\d[\d,]*(?:\.\d+)?/g;

/** Text written from the figures (overview, insights, advice): its dollar amounts become dots while hidden. */
export function MaskedText({ text }: { text: string }) {
  const hidden = useValuesHidden();
  if (!hidden) return <>{text}</>;
  const parts = text.split(MONEY_IN_TEXT);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one fixed string never reorder, so their position is a stable key.
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              <span aria-hidden="true">{MASK}</span>
              <span className="sr-only">hidden amount</span>
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

/** The 'Hide values' / 'Show values' toggle. */
export function HideValuesToggle({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  return (
    <Button variant="outline" onClick={onToggle}>
      {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
      {hidden ? 'Show values' : 'Hide values'}
    </Button>
  );
}
