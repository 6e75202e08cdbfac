// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportPreviewResponse, ImportRow } from '../../../contracts/activity-imports';
import { AppError } from '../../../contracts/errors';
import { renderAt } from '../../testing/render-page';
import { stubApi, type StubReply } from '../../testing/stub-api';
import { ActivityView } from './activity-view';
import { HOLDINGS_ME, LIST_ME, NO_OFFERS, OFFERS_ME } from './testing/activity-view-stubs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };
const IMPORT_ID = '5d0e6a43-0000-4000-8000-000000000001';
const PREVIEW_ME = 'POST /api/activities/import/preview?portfolio=me';
const CONFIRM = `POST /api/activities/import/${IMPORT_ID}/confirm`;
const UNDO = `DELETE /api/activities/imports/${IMPORT_ID}`;

const EMPTY: Record<string, StubReply> = {
  [LIST_ME]: { status: 200, body: { activities: [], nextCursor: null } },
  [OFFERS_ME]: NO_OFFERS,
  [HOLDINGS_ME]: {
    status: 200,
    body: { portfolio: 'me', costBasisMethod: 'fifo', hasHistory: false, holdings: [], currencies: [] },
  },
};

function row(overrides: Partial<ImportRow>): ImportRow {
  return {
    line: 2,
    type: 'buy',
    date: '2023-03-14',
    symbol: 'AAPL',
    quantity: 12,
    price: 171.23,
    fee: 1.5,
    amount: null,
    currency: 'USD',
    note: null,
    ...overrides,
  };
}

function preview(overrides: Partial<ImportPreview>): { status: number; body: ImportPreviewResponse } {
  return {
    status: 200,
    body: {
      kind: 'preview',
      importId: IMPORT_ID,
      portfolio: 'me',
      fileName: 'activities.csv',
      format: 'ghostfolio-csv',
      label: 'Ghostfolio activities CSV',
      rows: [row({}), row({ line: 3, type: 'dividend', quantity: 12, price: null, fee: null, amount: 2.88 })],
      errors: [{ line: 4, message: 'Holiday Cottage is not a symbol Foliowise can price' }],
      duplicates: [row({ line: 5, date: '2023-01-03' })],
      expiresAt: '2026-11-28T22:00:00.000Z',
      ...overrides,
    },
  };
}

/** A file previewed (2 rows to import), confirmed and undone. */
const IMPORT_AND_UNDO: Record<string, StubReply> = {
  ...EMPTY,
  [PREVIEW_ME]: preview({}),
  [CONFIRM]: { status: 200, body: { importId: IMPORT_ID, portfolio: 'me', imported: 2, duplicates: 1 } },
  [UNDO]: { status: 200, body: { importId: IMPORT_ID, deleted: 2 } },
};

const dialog = () => screen.getByRole('dialog', { name: 'Import activities' });

/** Opens the wizard, chooses `file` and asks for its preview. */
async function chooseFile(file = new File(['Date,Code\n'], 'activities.csv', { type: 'text/csv' })) {
  fireEvent.click(await screen.findByRole('button', { name: 'Import activities' }, WAIT));
  const input = within(dialog()).getByLabelText('File');
  Object.defineProperty(input, 'files', { value: [file] });
  fireEvent.change(input);
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Preview' }));
}

const focusedText = () => document.activeElement?.textContent;

describe('the import wizard', () => {
  it('states the limits, previews the rows, imports them, and undoes the import', async () => {
    const api = stubApi(IMPORT_AND_UNDO);
    renderAt('/activity', <ActivityView portfolio="me" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Import activities' }, WAIT));
    expect(focusedText()).toBe('Choose a file');
    expect(within(dialog()).getByText(/up to 10 MB and 100,000 rows/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Preview' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe('Choose a file to import');
    cleanup();

    renderAt('/activity', <ActivityView portfolio="me" />);
    await chooseFile();
    await waitFor(() => expect(focusedText()).toBe('Check the rows'), WAIT);
    const [upload] = api.requests.filter((r) => r.route === PREVIEW_ME);
    expect((upload?.body as Record<string, unknown>).file).toBeInstanceOf(File);
    expect(within(dialog()).getByText('Ghostfolio activities CSV')).toBeTruthy();
    expect(within(dialog()).getByRole('status').textContent).toBe(
      'Preview ready: 2 activities to import, 1 not used, 1 already saved.',
    );
    const toSave = within(dialog()).getByRole('table', { name: 'The activities as they will be saved' });
    expect(
      within(toSave)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      // The history's columns: date, type, symbol, quantity, price, fee, amount, note.
      ['2', 'Mar 14, 2023', 'Buy', 'AAPL', '12', '$171.23', '$1.50', '', ''],
      ['3', 'Mar 14, 2023', 'Dividend', 'AAPL', '12', '', '', '$2.88', ''],
    ]);
    const notUsed = within(dialog()).getByRole('table', { name: 'The lines not used, with the reason' });
    expect(within(notUsed).getByText('Holiday Cottage is not a symbol Foliowise can price')).toBeTruthy();
    expect(
      within(dialog()).getByRole('heading', { name: '1 duplicate skipped (already saved)' }),
    ).toBeTruthy();

    const listLoads = () => api.requests.filter((r) => r.route === LIST_ME).length;
    const before = listLoads();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import 2 activities' }));
    await waitFor(() => expect(focusedText()).toBe('Imported'), WAIT);
    expect(within(dialog()).getByRole('status').textContent).toBe('2 activities imported.');
    expect(listLoads()).toBeGreaterThan(before);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Undo import' }));
    await waitFor(() => expect(focusedText()).toBe('Import undone'), WAIT);
    expect(within(dialog()).getByRole('status').textContent).toBe('Import undone: 2 activities removed.');
    expect(api.requests.map((r) => r.route)).toEqual(expect.arrayContaining([CONFIRM, UNDO]));
    expect(api.unexpected).toEqual([]);
  });

  it('keeps the undo of the latest import under the Activity heading once the wizard is closed', async () => {
    const api = stubApi(IMPORT_AND_UNDO);
    renderAt('/activity', <ActivityView portfolio="me" />);
    await chooseFile();
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Import 2 activities' }, WAIT));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Done' }, WAIT));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const history = screen.getByRole('region', { name: 'Activity' });
    expect(within(history).getByRole('status').textContent).toBe(
      '2 activities imported from activities.csv.',
    );
    fireEvent.click(within(history).getByRole('button', { name: 'Undo import' }));
    await waitFor(
      () =>
        expect(within(history).getByRole('status').textContent).toBe('Import undone: 2 activities removed.'),
      WAIT,
    );
    expect(api.requests.filter((r) => r.route === UNDO)).toHaveLength(1);
  });

  it("shows the server's refusals: a file it cannot read, and a confirmation that would sell shares not held", async () => {
    const api = stubApi({
      ...EMPTY,
      [PREVIEW_ME]: {
        status: 400,
        body: new AppError('VALIDATION_ERROR', 'No row of this file could be used.').toBody(),
      },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    await chooseFile();
    await waitFor(
      () =>
        expect(within(dialog()).getByRole('alert').textContent).toBe('No row of this file could be used.'),
      WAIT,
    );

    api.routes[PREVIEW_ME] = preview({});
    api.routes[CONFIRM] = {
      status: 422,
      body: new AppError('INSUFFICIENT_SHARES', 'Line 3 sells 5 AAPL, but only 2 are held then.').toBody(),
    };
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Preview' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Import 2 activities' }, WAIT));
    await waitFor(
      () =>
        expect(within(dialog()).getByRole('alert').textContent).toBe(
          'Line 3 sells 5 AAPL, but only 2 are held then.',
        ),
      WAIT,
    );
    expect(focusedText()).toBe('Check the rows');
  });

  it('offers no import when every row is already saved', async () => {
    stubApi({ ...EMPTY, [PREVIEW_ME]: preview({ rows: [], errors: [] }) });
    renderAt('/activity', <ActivityView portfolio="me" />);
    await chooseFile();
    await within(dialog()).findByText(/Nothing to import: every row of this file is already saved/, {}, WAIT);
    expect(within(dialog()).queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });

  it('shows a long file a page of 50 rows at a time, with the count', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => row({ line: i + 2 }));
    stubApi({ ...EMPTY, [PREVIEW_ME]: preview({ rows, errors: [], duplicates: [] }) });
    renderAt('/activity', <ActivityView portfolio="me" />);
    await chooseFile();
    const table = await within(dialog()).findByRole(
      'table',
      { name: 'The activities as they will be saved' },
      WAIT,
    );
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(dialog()).getByText('Rows 1–50 of 120')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(within(dialog()).getByText('Rows 101–120 of 120')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(dialog()).getByRole('button', { name: 'Import 120 activities' })).toBeTruthy();
  });

  it('asks for the columns of a CSV no format recognises, prefilled, and sends the file again with them', async () => {
    const api = stubApi({
      ...EMPTY,
      [PREVIEW_ME]: {
        status: 200,
        body: {
          kind: 'mapping-needed',
          message: 'Foliowise does not recognise this file: match its columns.',
          header: ['Trade Date', 'Activity', 'Ticker', 'Shares', 'Price ($)'],
          headerKey: '["trade date","activity","ticker","shares","price ($)"]',
          proposal: {
            columns: { date: 'Trade Date', symbol: 'Ticker', quantity: 'Shares' },
            dateFormat: 'DD.MM.YYYY',
            types: { kauf: 'buy' },
            unknownTypes: ['Zins'],
          },
        },
      },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    await chooseFile();
    await waitFor(() => expect(focusedText()).toBe('Match the columns'), WAIT);
    const select = (name: string | RegExp) => within(dialog()).getByLabelText<HTMLSelectElement>(name);
    expect(select('Date').value).toBe('Trade Date');
    expect(select('Symbol (optional)').value).toBe('Ticker');
    expect(select('How the dates are written').value).toBe('DD.MM.YYYY');
    expect(select('“kauf”').value).toBe('buy');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Preview with these columns' }));
    expect(within(dialog()).getByText('Choose the column')).toBeTruthy();
    expect(within(dialog()).getByText('Choose a type, or skip these rows')).toBeTruthy();
    expect(api.requests.filter((r) => r.route === PREVIEW_ME)).toHaveLength(1);

    fireEvent.change(select('Type'), { target: { value: 'Activity' } });
    fireEvent.change(select('Price (optional)'), { target: { value: 'Price ($)' } });
    fireEvent.change(select('“Zins”'), { target: { value: 'interest' } });
    api.routes[PREVIEW_ME] = preview({});
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Preview with these columns' }));
    await waitFor(() => expect(focusedText()).toBe('Check the rows'), WAIT);
    const sent = api.requests.filter((r) => r.route === PREVIEW_ME)[1]?.body as Record<string, unknown>;
    expect(JSON.parse(String(sent.mapping))).toEqual({
      columns: {
        date: 'Trade Date',
        type: 'Activity',
        symbol: 'Ticker',
        quantity: 'Shares',
        price: 'Price ($)',
      },
      dateFormat: 'DD.MM.YYYY',
      types: { kauf: 'buy', Zins: 'interest' },
    });
    expect(sent.file).toBeInstanceOf(File);
  });
});
