import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, FlaskConical, Loader2 } from 'lucide-react';
import { PLANS as PLAN_IDS, type Plan, type User } from '../../../contracts/accounts';
import { PLANS } from '../../../domain/plans';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { DEMO_WELCOME_KEY, readStored, writeStored } from '../../lib/storage';
import { useSwitchDemoPlan } from './switch-demo-plan';

/** Tailwind's `sm`: from this width the open panel leaves room for the page beside it. */
const WIDE_ENOUGH_TO_OPEN = '(min-width: 640px)';

/**
 * Demo Settings (spec 000 "Demo Settings floating panel with a plan switcher"; DESIGN.md deviation 2): for a demo
 * account with demo features on, a collapsed button in the corner that opens a plan switcher. The plan changes on
 * the server (PUT /api/demo/plan), then every query is read again so premium screens unlock or lock.
 */
export default function DemoSettingsPanel({ user }: { user: User }) {
  // Open on arrival in a demo account just opened, so the plan switcher is in view; closed after that. On a
  // phone the open panel would cover the holdings editor, so there only its button is in view.
  const [isOpen, setIsOpen] = useState(
    () => readStored(DEMO_WELCOME_KEY) === user.id && window.matchMedia(WIDE_ENOUGH_TO_OPEN).matches,
  );
  useEffect(() => writeStored(DEMO_WELCOME_KEY, null), []);
  const panelId = useId();
  const switchPlan = useSwitchDemoPlan();
  const [pending, setPending] = useState<Plan | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const aside = useRef<HTMLElement>(null);

  // Escape closes the open panel and returns to its button, as keyboard users expect of a disclosure; a
  // press anywhere else on the page closes it too, so it never stays over what the user turned to.
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggle.current?.focus();
    };
    const closeOnPressOutside = (event: PointerEvent) => {
      if (!aside.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnPressOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnPressOutside);
    };
  }, [isOpen]);

  const choose = (plan: Plan) => {
    if (plan === user.plan || switchPlan.isPending) return;
    setPending(plan);
    switchPlan.mutate(plan, {
      onSuccess: () =>
        toast({
          title: 'Demo plan switched',
          description: `Your demo account is now on ${PLANS[plan].name}.`,
        }),
      onError: (error) =>
        toast({
          title: 'Plan switch failed',
          description: serverMessage(error, 'The plan could not be switched. Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <>
      {/* Room below the footer, so that the corner button never hides the end of a page. */}
      <div className="h-16" aria-hidden="true" />
      <aside
        ref={aside}
        aria-label="Demo Settings"
        className="fixed bottom-3 left-3 z-30 flex max-w-[calc(100vw-1.5rem)] flex-col-reverse items-start gap-2 print:hidden"
      >
        <button
          ref={toggle}
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-2 text-sm font-semibold text-foreground shadow-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <FlaskConical className="size-4 text-primary" aria-hidden="true" />
          Demo Settings
          <ChevronDown
            className={cn('size-4 transition-transform', isOpen ? 'rotate-180' : '')}
            aria-hidden="true"
          />
        </button>
        <div
          id={panelId}
          hidden={!isOpen}
          className="w-72 max-w-full rounded-xl border border-border bg-background p-4 shadow-xl"
        >
          <fieldset disabled={switchPlan.isPending} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">Plan of this demo account</legend>
            {PLAN_IDS.map((plan) => (
              <label
                key={plan}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  user.plan === plan
                    ? 'border-primary bg-primary-soft font-semibold'
                    : 'border-border hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="demo-plan"
                  value={plan}
                  checked={user.plan === plan}
                  onChange={() => choose(plan)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {PLANS[plan].name}
                {pending === plan ? (
                  <Loader2
                    className="ml-auto size-4 animate-spin motion-reduce:animate-none"
                    aria-label="Switching"
                  />
                ) : null}
              </label>
            ))}
          </fieldset>
          <p className="mt-3 text-xs text-muted-foreground">
            Demo only: switching takes no payment and works for demo accounts only.
          </p>
        </div>
      </aside>
    </>
  );
}
