// The local fake Stripe in a process of its own, for benches: in the app's process its HTTP serving would
// count as the app's CPU, where the real Stripe is another machine. The bench asks it for objects and
// events over IPC (`fork`), and the app reaches it over HTTP as it would reach Stripe.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeStripe } from '../src/server/testing/fake-stripe';

type StripeObject = Record<string, unknown>;
type SubscriptionChange = { status?: string; lookupKey?: string };

type Request =
  | { command: 'object'; id: string }
  | { command: 'events'; type: string; objectIds: string[] }
  | { command: 'updateSubscription'; id: string; change: SubscriptionChange };

export interface FakeStripeProcess {
  baseUrl: string;
  object(id: string): Promise<StripeObject>;
  /** One event of `type` per object id, each carrying the object as it is now. */
  events(type: string, objectIds: string[]): Promise<StripeObject[]>;
  updateSubscription(id: string, change: SubscriptionChange): Promise<StripeObject>;
  close(): Promise<void>;
}

/** Starts the fake Stripe (prices seeded) in a child process. */
export async function startFakeStripeProcess(): Promise<FakeStripeProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (value: unknown) => void>();
  let nextId = 0;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message) => resolve((message as { baseUrl: string }).baseUrl));
  });
  child.on('message', (message) => {
    const { id, result } = message as { id: number; result: unknown };
    pending.get(id)?.(result);
    pending.delete(id);
  });
  const ask = <T>(request: Request) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (value: unknown) => void);
      child.send({ id, request });
    });
  return {
    baseUrl,
    object: (id) => ask({ command: 'object', id }),
    events: (type, objectIds) => ask({ command: 'events', type, objectIds }),
    updateSubscription: (id, change) => ask({ command: 'updateSubscription', id, change }),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

async function serveInChild() {
  const fake = await startFakeStripe();
  fake.seedPrices();
  const answer = (request: Request): unknown => {
    switch (request.command) {
      case 'object':
        return fake.object(request.id);
      case 'events':
        return request.objectIds.flatMap((id) => {
          const object = fake.object(id);
          return object ? [fake.event(request.type, object)] : [];
        });
      case 'updateSubscription':
        return fake.updateSubscription(request.id, request.change);
    }
  };
  process.on('message', (message) => {
    const { id, request } = message as { id: number; request: Request };
    process.send?.({ id, result: answer(request) });
  });
  process.send?.({ baseUrl: fake.baseUrl });
}

if (process.argv[2] === 'child') await serveInChild();
