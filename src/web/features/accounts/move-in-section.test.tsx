// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../contracts/errors';
import { MOVE_IN_MESSAGES, type MovedPortfolio, type MoveInSummary } from '../../../contracts/move-in';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { MoveInSection } from './move-in-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };
const PREVIEW = 'POST /api/account/move-in/preview';
const CONFIRM = 'POST /api/account/move-in/confirm';

const portfolio = (overrides: Partial<MovedPortfolio>): MovedPortfolio => ({
  from: 'me',
  kind: 'saved',
  name: 'Saved portfolio',
  accountType: null,
  action: 'add',
  into: 'me',
  reason: null,
  positions: 2,
  activities: 3,
  duplicates: 0,
  invalid: [],
  ...overrides,
});

const summary = (overrides: Partial<MoveInSummary> = {}): MoveInSummary => ({
  fileName: 'foliowise-data-2026-11-27.json',
  exportedAt: '2026-11-27T10:00:00.000Z',
  moved: false,
  portfolios: [
    portfolio({}),
    portfolio({
      from: 'account:1',
      kind: 'account',
      name: 'Roth IRA at Vanguard',
      accountType: 'roth_ira',
      action: 'create',
      into: null,
      activities: 2,
      invalid: [
        { date: '2031-01-01', type: 'buy', message: 'Date cannot be in the future (today is 2026-11-28)' },
      ],
    }),
    portfolio({
      from: 'client:1',
      kind: 'client',
      name: 'Ada Lovelace',
      action: 'skip',
      into: null,
      activities: 0,
      reason:
        'Clients need a Professional plan: upgrade, then move the file in again (nothing is added twice).',
    }),
  ],
  created: { accounts: 1, clients: 0 },
  activities: 5,
  duplicates: 1,
  nothingToMove: false,
  leftOut: ['1 paper portfolio and its trades: practice stays on the server it was made on.'],
  ...overrides,
});

const section = () => screen.getByRole('region', { name: 'Move in from another Foliowise' });

function chooseFile(name = 'foliowise-data-2026-11-27.json') {
  const input = within(section()).getByLabelText('Data file');
  Object.defineProperty(input, 'files', { value: [new File(['{}'], name, { type: 'application/json' })] });
  fireEvent.change(input);
  fireEvent.click(within(section()).getByRole('button', { name: 'Preview' }));
}

const lines = () =>
  within(within(section()).getByRole('list', { name: 'The portfolios of the file' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'The portfolios of the file')
    .map((item) => item.textContent);

describe('Move in from another Foliowise', () => {
  it('previews the file, moves it in on confirmation, and says what was done', async () => {
    const api = stubApi({
      [PREVIEW]: { status: 200, body: summary() },
      [CONFIRM]: { status: 200, body: summary({ moved: true }) },
    });
    renderAt('/account', <MoveInSection />);
    fireEvent.click(within(section()).getByRole('button', { name: 'Preview' }));
    expect(within(section()).getByRole('alert').textContent).toBe('Choose the file to move in');

    chooseFile();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Check what moves in'), WAIT);
    expect(within(section()).getByRole('status').textContent).toBe(
      'Preview ready. Creates 1 account; adds 5 activities, 1 already here.',
    );
    expect(lines()).toEqual([
      'Saved portfolioYour portfolioAdds to yours3 activities to add · 2 positions',
      'Roth IRA at VanguardRoth IRA accountNew2 activities to add · 2 positions1 activity not moved2031-01-01 buy: Date cannot be in the future (today is 2026-11-28)',
      'Ada LovelaceClientSkipped2 positionsClients need a Professional plan: upgrade, then move the file in again (nothing is added twice).',
    ]);
    const [upload] = api.requests.filter((r) => r.route === PREVIEW);
    expect((upload?.body as Record<string, unknown>).file).toBeInstanceOf(File);

    fireEvent.click(within(section()).getByRole('button', { name: 'Move in' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Moved in'), WAIT);
    expect(within(section()).getByRole('status').textContent).toBe(
      'Moved in. Created 1 account; added 5 activities, 1 already here.',
    );
    expect(within(section()).getByText('Created')).toBeTruthy();
    fireEvent.click(within(section()).getByRole('button', { name: 'Move in another file' }));
    expect(within(section()).getByLabelText('Data file')).toBeTruthy();
    expect(api.requests.map((r) => r.route)).toEqual([PREVIEW, CONFIRM]);
    expect(api.unexpected).toEqual([]);
  });

  it('says when the file is already here, and offers no confirmation', async () => {
    stubApi({ [PREVIEW]: { status: 200, body: summary({ nothingToMove: true, activities: 0 }) } });
    renderAt('/account', <MoveInSection />);
    chooseFile();
    await waitFor(
      () => expect(within(section()).getByText(MOVE_IN_MESSAGES.nothingToMove)).toBeTruthy(),
      WAIT,
    );
    expect(within(section()).queryByRole('button', { name: 'Move in' })).toBeNull();
  });

  it("shows the server's refusals: a file that is not an export, and a move that would sell shares not held", async () => {
    const api = stubApi({
      [PREVIEW]: {
        status: 400,
        body: new AppError('VALIDATION_ERROR', MOVE_IN_MESSAGES.notAnExport).toBody(),
      },
    });
    renderAt('/account', <MoveInSection />);
    chooseFile('ghostfolio-export.json');
    await waitFor(
      () => expect(within(section()).getByRole('alert').textContent).toBe(MOVE_IN_MESSAGES.notAnExport),
      WAIT,
    );

    api.routes[PREVIEW] = { status: 200, body: summary() };
    api.routes[CONFIRM] = {
      status: 422,
      body: new AppError(
        'INSUFFICIENT_SHARES',
        'Joint brokerage: 2025-06-02 sells 4 AAPL, but 0 are held.',
      ).toBody(),
    };
    fireEvent.click(within(section()).getByRole('button', { name: 'Preview' }));
    fireEvent.click(await within(section()).findByRole('button', { name: 'Move in' }, WAIT));
    await waitFor(
      () =>
        expect(within(section()).getByRole('alert').textContent).toBe(
          'Joint brokerage: 2025-06-02 sells 4 AAPL, but 0 are held.',
        ),
      WAIT,
    );
  });
});
