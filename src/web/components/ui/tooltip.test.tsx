// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip';

afterEach(cleanup);

it('renders a tooltip outside any TooltipProvider instead of throwing (the app mounts none)', () => {
  render(
    <Tooltip content="Prices come from the simulator">
      <button type="button">Simulated prices</button>
    </Tooltip>,
  );
  expect(screen.getByRole('button', { name: 'Simulated prices' })).toBeTruthy();
});

it('renders tooltips under a page-level TooltipProvider', () => {
  render(
    <TooltipProvider>
      <Tooltip content="One">
        <button type="button">First</button>
      </Tooltip>
      <Tooltip content="Two">
        <button type="button">Second</button>
      </Tooltip>
    </TooltipProvider>,
  );
  expect(screen.getAllByRole('button')).toHaveLength(2);
});
