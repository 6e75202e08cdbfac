/**
 * Subscriptions and the invoices (each with its payment intent) of their periods, as Stripe keeps them and as it
 * changes them: the first invoice paid, a renewal, a trial's end, a failure, a price change, a cancel.
 */
import { randomBytes } from 'node:crypto';
import { addOneMonth } from '../../../domain/subscriptions';
import { customerOf } from './customers';
import type { FakeObjects } from './objects';
import { listOf, missing, newId, record, text, type FormValue, type Route, type StripeObject } from './wire';

export interface SubscriptionChange {
  status?: string;
  lookupKey?: string;
  cancelAtPeriodEnd?: boolean;
  /** Starts the next period at this Unix time (a renewal): the period end moves one interval on. */
  renewAt?: number;
}

export function createSubscriptions(db: FakeObjects, priceByLookupKey: (key: string) => StripeObject) {
  const { objects, clock, store, get } = db;

  function periodEnd(start: number, price: StripeObject): number {
    const interval = (price.recurring as { interval: string }).interval;
    const startDate = new Date(start * 1000);
    if (interval === 'year') {
      const end = new Date(startDate);
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return Math.floor(end.getTime() / 1000);
    }
    return Math.floor(addOneMonth(startDate).getTime() / 1000);
  }

  function createSubscriptionObject(fields: {
    customer: string;
    price: StripeObject;
    metadata: Record<string, string>;
    status: string;
    trialDays: number;
  }): StripeObject {
    const id = newId('sub');
    const start = clock();
    const trialEnd = fields.trialDays > 0 ? start + fields.trialDays * 86400 : null;
    const subscription = store({
      id,
      object: 'subscription',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      currency: fields.price.currency,
      customer: fields.customer,
      ended_at: null,
      items: listOf(`/v1/subscription_items?subscription=${id}`, [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: trialEnd ?? periodEnd(start, fields.price),
          metadata: {},
          price: fields.price,
          quantity: 1,
          subscription: id,
        },
      ]),
      latest_invoice: null as string | null,
      livemode: false,
      metadata: fields.metadata,
      start_date: start,
      status: fields.status,
      trial_end: trialEnd,
      trial_start: trialEnd ? start : null,
    });
    subscription.latest_invoice = invoiceOf(id, trialEnd ? 'paid' : 'open').id;
    return subscription;
  }

  function itemOf(subscription: StripeObject) {
    return (subscription.items as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown> & {
      price: StripeObject;
      current_period_start: number;
      current_period_end: number;
    };
  }

  function invoiceOf(subscriptionId: string, status: 'paid' | 'open'): StripeObject {
    const subscription = get('subscription', subscriptionId);
    const item = itemOf(subscription);
    const amount = subscription.status === 'trialing' ? 0 : (item.price.unit_amount as number);
    const intent = store({
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: status === 'paid' ? amount : 0,
      client_secret: '',
      created: clock(),
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      metadata: {},
      status: status === 'paid' ? 'succeeded' : 'requires_payment_method',
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    return store({
      id: newId('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      billing_reason: 'subscription_cycle',
      created: clock(),
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscriptionId },
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status,
      // Only when expanded (an includable field); see expandInto.
      payment_intent_for_fake: intent.id,
    });
  }

  function payFirstInvoice(subscriptionId: string) {
    const subscription = get('subscription', subscriptionId);
    const invoice = get('invoice', subscription.latest_invoice as string);
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    subscription.status = 'active';
    return { subscription, invoice };
  }

  function updateSubscription(subscriptionId: string, change: SubscriptionChange): StripeObject {
    const subscription = get('subscription', subscriptionId);
    const item = itemOf(subscription);
    if (change.lookupKey) item.price = priceByLookupKey(change.lookupKey);
    if (change.renewAt !== undefined) {
      item.current_period_start = change.renewAt;
      item.current_period_end = periodEnd(change.renewAt, item.price);
    }
    if (change.cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? item.current_period_end : null;
    }
    if (change.status) {
      subscription.status = change.status;
      if (change.status === 'canceled') {
        subscription.canceled_at = clock();
        subscription.ended_at = clock();
      }
    }
    return subscription;
  }

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      handle: (_m, body) => {
        const items = (Array.isArray(body.items) ? body.items : []) as Record<string, FormValue>[];
        return createSubscriptionObject({
          customer: customerOf(db, text(body.customer)),
          price: get('price', text(items[0]?.price) ?? ''),
          metadata: record(body.metadata),
          status: text(body.payment_behavior) === 'default_incomplete' ? 'incomplete' : 'active',
          trialDays: 0,
        });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m) => get('subscription', m[1] ?? ''),
    },
    {
      // subscriptions.cancel: ends it now; a canceled one is missing to this call, as Stripe answers.
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m) => {
        const subscription = get('subscription', m[1] ?? '');
        if (subscription.status === 'canceled') throw missing('subscription', subscription.id);
        return updateSubscription(subscription.id, { status: 'canceled' });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions$/,
      handle: (_m, query) => {
        const status = text(query.status);
        const found = [...objects.values()]
          .filter(
            (o) =>
              o.object === 'subscription' &&
              o.customer === text(query.customer) &&
              (status === 'all' || (status ? o.status === status : o.status !== 'canceled')),
          )
          .sort((a, b) => (b.created as number) - (a.created as number));
        return listOf('/v1/subscriptions', found);
      },
    },
  ];

  return { createSubscriptionObject, invoiceOf, payFirstInvoice, updateSubscription, routes };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
