import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, FlaskConical, Loader2 } from 'lucide-react';
import { PLANS as PLAN_IDS, type Plan, type User } from '../../../contracts/accounts';
import { PLANS } from '../../../domain/plans';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { DEMO_WELCOME_KEY, readStored, writeStored } from '../../lib/storage';
import { useSwitchDemoPlan } from './switch-demo-plan';

/** Tailwind's `sm`: from this width the open panel is one row under the header. */
const WIDE_ENOUGH_TO_OPEN = '(min-width: 640px)';

/**
 * Demo Settings (spec 000 "Demo Settings floating panel with a plan switcher"; DESIGN.md deviation 2; README
 * deviation 26): for a demo account with demo features on, a strip under the header with the account's plan and
 * a 'Demo Settings' disclosure that opens the plan switcher in the strip. It is part of the page, not over it, so
 * it never covers what the page shows, open or closed. The plan changes on the server (PUT /api/demo/plan), then
 * every query is read again so premium screens unlock or lock.
 */
export default function DemoSettingsPanel({ user }: { user: User }) {
  // On arrival in a demo account just opened: open where it takes one row (sm and wider), so the plan switcher
  // is in view; on a phone, where it would push the holdings editor out of view, closed with a hint saying
  // what it does. Closed, without the hint, on every later page.
  const [isArrival] = useState(() => readStored(DEMO_WELCOME_KEY) === user.id);
  const [isOpen, setIsOpen] = useState(() => isArrival && window.matchMedia(WIDE_ENOUGH_TO_OPEN).matches);
  useEffect(() => writeStored(DEMO_WELCOME_KEY, null), []);
  const panelId = useId();
  const switchPlan = useSwitchDemoPlan();
  const [pending, setPending] = useState<Plan | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const aside = useRef<HTMLElement>(null);

  // Escape inside the strip closes the open switcher and returns to its button, as keyboard users expect of a
  // disclosure. Only there: an Escape that closes a dialog elsewhere must not move the page.
  useEffect(() => {
    const strip = aside.current;
    if (!isOpen || !strip) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggle.current?.focus();
    };
    strip.addEventListener('keydown', closeOnEscape);
    return () => strip.removeEventListener('keydown', closeOnEscape);
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
    <aside
      aria-label="Demo Settings"
      ref={aside}
      className="border-b border-primary/20 bg-primary-soft text-primary-soft-foreground print:hidden"
    >
      <div className="mx-auto max-w-7xl px-4 py-2 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <FlaskConical className="size-4 shrink-0 text-primary max-sm:hidden" aria-hidden="true" />
          {/* One row with the button on a phone too, whichever the plan. */}
          <p className="min-w-0">
            <span className="sm:hidden">Demo:</span>
            <span className="max-sm:hidden">Demo account on</span>{' '}
            <span className="font-semibold">{PLANS[user.plan].name}</span>
          </p>
          <button
            ref={toggle}
            type="button"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setIsOpen((open) => !open)}
            className="ml-auto inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-background px-3 py-1 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Demo Settings
            <ChevronDown
              className={cn('size-4 transition-transform', isOpen ? 'rotate-180' : '')}
              aria-hidden="true"
            />
          </button>
          {isArrival && !isOpen ? (
            <p className="basis-full text-xs">
              Switch this demo account between Free, Premium and Professional in Demo Settings; no payment is
              taken.
            </p>
          ) : null}
        </div>
        <div id={panelId} hidden={!isOpen} className="pt-2 pb-1">
          <fieldset disabled={switchPlan.isPending} className="flex flex-wrap items-center gap-1.5 sm:gap-2">
            <legend className="mb-1 text-sm font-semibold sm:float-left sm:mr-2 sm:mb-0 sm:py-1.5">
              Plan of this demo account
            </legend>
            {PLAN_IDS.map((plan) => (
              <label
                key={plan}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md border bg-background px-2.5 py-1.5 sm:px-3 text-sm text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  user.plan === plan ? 'border-primary font-semibold' : 'border-border hover:bg-muted',
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
                    className="size-4 animate-spin motion-reduce:animate-none"
                    aria-label="Switching"
                  />
                ) : null}
              </label>
            ))}
          </fieldset>
          <p className="mt-2 text-xs">
            Demo only: switching takes no payment and works for demo accounts only.
          </p>
        </div>
      </div>
    </aside>
  );
}
