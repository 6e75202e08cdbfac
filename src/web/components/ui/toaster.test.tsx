// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { dismissToast, toast } from './use-toast';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

it('renders nothing, and loads no toast code, until the first toast; then shows it', async () => {
  const { container } = render(<Toaster />);
  expect(container.innerHTML).toBe('');
  expect(document.querySelector('[role="region"]')).toBeNull();

  act(() => {
    toast({ title: 'Trade Executed!', description: 'Bought 1 AAPL' });
  });
  expect(await screen.findByText('Trade Executed!', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('Bought 1 AAPL')).toBeTruthy();
});
