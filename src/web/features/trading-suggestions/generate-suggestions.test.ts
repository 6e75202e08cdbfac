import { describe, expect, it } from 'vitest';
import { AppError } from '../../../contracts/errors';
import { generatedToast, generateFailureToast } from './generate-suggestions';

describe('generateFailureToast (spec 000 §8)', () => {
  it('is the upgrade toast when the message names a subscription or Premium', () => {
    const upgrade = {
      title: 'Subscription Required',
      description: 'Upgrade to Premium to access AI Trading Suggestions',
    };
    expect(
      generateFailureToast(
        new AppError(
          'SUBSCRIPTION_REQUIRED',
          'This feature requires a Premium or Professional plan. Upgrade to Premium to continue.',
        ),
      ),
    ).toEqual(upgrade);
    expect(generateFailureToast(new Error('403: active subscription needed'))).toEqual(upgrade);
  });

  it('is Analysis Failed with the message, or the spec fallback without one', () => {
    expect(generateFailureToast(new AppError('RATE_LIMITED', 'Too many.'))).toEqual({
      title: 'Analysis Failed',
      description: 'Too many.',
    });
    expect(generateFailureToast(new Error(''))).toEqual({
      title: 'Analysis Failed',
      description: 'Failed to generate suggestions. Please try again.',
    });
  });
});

describe('generatedToast: what ran', () => {
  it("is the spec's 'AI Analysis Complete' when the model wrote a suggestion's reasoning", () => {
    expect(generatedToast([{ reasoningSource: 'model' }, { reasoningSource: 'rules' }])).toEqual({
      title: 'AI Analysis Complete',
      description: 'Generated 2 trading suggestions',
    });
  });

  it("is 'Analysis complete' when rules wrote every suggestion, or there is none", () => {
    expect(generatedToast([{ reasoningSource: 'rules' }])).toEqual({
      title: 'Analysis complete',
      description: 'Generated 1 trading suggestion',
    });
    expect(generatedToast([])).toEqual({
      title: 'Analysis complete',
      description: 'No trading suggestions: your portfolio is within every rule for these preferences.',
    });
  });
});
