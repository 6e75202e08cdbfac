// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdviceRequest } from '../../../contracts/advisor';
import { renderAt } from '../../testing/render-page';
import { SIGNED_OUT, stubApi, testUser } from '../../testing/stub-api';
import { AdvisorForm } from './advisor-form';
import { AdvisorPanel } from './advisor-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SIGNED_IN = { status: 200, body: { user: testUser() } };
const form = () => screen.getByRole('form', { name: 'Ask the advisor' });
const type = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const getAdvice = () => within(form()).getByRole('button', { name: 'Get Advice' });

describe('the advisor form', () => {
  it('stays off until a symbol and a question are typed, and while an answer is pending', () => {
    const { rerender } = render(<AdvisorForm isPending={false} onAsk={() => undefined} />);
    expect(getAdvice()).toHaveProperty('disabled', true);
    type('Stock symbol', 'msft');
    type('Your question', '   ');
    expect(getAdvice()).toHaveProperty('disabled', true);
    type('Your question', 'Hold or sell?');
    expect(getAdvice()).toHaveProperty('disabled', false);
    rerender(<AdvisorForm isPending onAsk={() => undefined} />);
    expect(within(form()).getByRole('button', { name: 'Analyzing...' })).toHaveProperty('disabled', true);
  });

  it('sends the symbol upper-cased, the question trimmed, and numbers only when they are numbers', () => {
    const asked: AdviceRequest[] = [];
    render(<AdvisorForm isPending={false} onAsk={(request) => asked.push(request)} />);
    type('Stock symbol', ' brk-b ');
    type('Your question', '  Is it time to trim?  ');
    type('Current position (shares)', '12.5');
    type('Portfolio value ($)', '');
    fireEvent.submit(form());
    expect(asked).toEqual([
      {
        symbol: 'BRK-B',
        question: 'Is it time to trim?',
        userContext: { riskTolerance: 'moderate', timeHorizon: 'medium', currentPosition: 12.5 },
      },
    ]);
  });
});

describe('the advisor panel', () => {
  it('fills the form again from a recent question', async () => {
    stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/financial-advice/history': {
        status: 200,
        body: {
          questions: [
            {
              id: 'q1',
              symbol: 'NVDA',
              question: 'Too late to buy?',
              action: 'hold',
              askedAt: '2026-04-09T15:00:00.000Z',
            },
          ],
        },
      },
    });
    renderAt('/financial-advisor', <AdvisorPanel />);
    fireEvent.click(await screen.findByRole('button', { name: /NVDA/ }));
    expect(within(form()).getByLabelText<HTMLInputElement>('Stock symbol').value).toBe('NVDA');
    expect(within(form()).getByLabelText<HTMLTextAreaElement>('Your question').value).toBe(
      'Too late to buy?',
    );
  });

  it('shows the server’s refusal, or the spec’s fallback when the server gives no message', async () => {
    const api = stubApi({
      'GET /api/auth/me': SIGNED_OUT,
      'POST /api/financial-advice': {
        status: 429,
        body: {
          error: { code: 'ADVISOR_LIMIT_REACHED', message: 'You have asked the advisor 3 questions today.' },
        },
      },
    });
    renderAt('/financial-advisor', <AdvisorPanel />);
    expect(screen.getByText(/to keep a list of your recent questions/)).toBeTruthy();
    type('Stock symbol', 'AAPL');
    type('Your question', 'Buy?');
    fireEvent.click(getAdvice());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have asked the advisor 3 questions today.',
    );

    api.routes['POST /api/financial-advice'] = { status: 502 };
    fireEvent.click(getAdvice());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to get financial advice'));
    expect(api.unexpected).toEqual([]);
  });
});
