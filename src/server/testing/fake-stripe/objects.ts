/**
 * The fake Stripe account's objects (customers, products, prices, sessions, subscriptions, invoices, payment
 * intents) by id, on Stripe's clock, and how an object goes out: expanded where `expand[]` asks, without the
 * fake's own bookkeeping fields (`..._for_fake`).
 */
import { missing, type FormValue, type StripeObject } from './wire';

export function createObjects(clock: () => number) {
  const objects = new Map<string, StripeObject>();

  function store<T extends StripeObject>(value: T): T {
    objects.set(value.id, value);
    return value;
  }

  function get(kind: string, id: string): StripeObject {
    const found = objects.get(id);
    if (!found || found.object !== kind) throw missing(kind.replace(/_/g, ' ').replace('.', ' '), id);
    return found;
  }

  /** Replaces ids by their objects along a dotted `expand[]` path (`latest_invoice.confirmation_secret`). */
  function expandInto(value: Record<string, unknown>, path: string[]): Record<string, unknown> {
    const [field, ...rest] = path;
    if (!field) return value;
    if (field === 'data' && Array.isArray(value.data)) {
      return { ...value, data: value.data.map((item: Record<string, unknown>) => expandInto(item, rest)) };
    }
    if (field === 'confirmation_secret' && value.object === 'invoice') {
      const intent = objects.get(value.payment_intent_for_fake as string);
      return {
        ...value,
        confirmation_secret: { client_secret: intent?.client_secret, type: 'payment_intent' },
      };
    }
    const current = value[field];
    const expanded = typeof current === 'string' ? objects.get(current) : current;
    if (!expanded || typeof expanded !== 'object') return value;
    return { ...value, [field]: expandInto({ ...(expanded as Record<string, unknown>) }, rest) };
  }

  /** An object as it goes out: expanded where asked, without the fake's own bookkeeping fields. */
  function render(value: unknown, expand: FormValue | undefined): unknown {
    let out = value as Record<string, unknown>;
    const paths = Array.isArray(expand) ? expand : expand ? [expand] : [];
    for (const path of paths) if (typeof path === 'string') out = expandInto(out, path.split('.'));
    return JSON.parse(
      JSON.stringify(out, (key, v: unknown) => (key.endsWith('_for_fake') ? undefined : v)),
    ) as unknown;
  }

  return { objects, clock, store, get, render };
}

export type FakeObjects = ReturnType<typeof createObjects>;
