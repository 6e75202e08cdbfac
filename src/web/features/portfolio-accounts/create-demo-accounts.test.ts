import { describe, expect, it } from 'vitest';
import { demoFailureToast } from './create-demo-accounts';

describe('demoFailureToast (spec 000 §8)', () => {
  it('says Subscription Required when the message speaks of a subscription or Premium', () => {
    const required = {
      title: 'Subscription Required',
      description: 'Upgrade to Premium to access Multi-Account Aggregation',
      variant: 'destructive',
    };
    expect(
      demoFailureToast(
        'This feature requires a Premium or Professional plan. Upgrade to Premium to continue.',
      ),
    ).toEqual(required);
    expect(demoFailureToast('403: an active subscription is needed')).toEqual(required);
  });

  it('says Failed to Create Demo with any other message', () => {
    expect(demoFailureToast('Demo accounts are created only while you have no accounts.')).toEqual({
      title: 'Failed to Create Demo',
      description: 'Demo accounts are created only while you have no accounts.',
      variant: 'destructive',
    });
    expect(demoFailureToast('')).toEqual({
      title: 'Failed to Create Demo',
      description: undefined,
      variant: 'destructive',
    });
  });
});
