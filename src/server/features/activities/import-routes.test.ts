import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZActivityListResponse, ZHoldingsResponse } from '../../../contracts/activities';
import {
  ACTIVITY_IMPORT_MESSAGES as M,
  ZImportConfirmResponse,
  ZImportPreview,
  ZImportPreviewResponse,
  ZImportUndoResponse,
  type ImportPreview,
} from '../../../contracts/activity-imports';
import { ACTIVITY_FILE_ERRORS } from '../../../domain/activity-import/format';
import { fixtureFile } from '../../../domain/activity-import/test-files';
import { GENERIC_FILE_HEADER, GENERIC_FILE_MAPPING } from '../../../domain/activity-import/testing';
import {
  multipart,
  MULTIPART_BOUNDARY,
  MULTIPART_CONTENT_TYPE,
  type MultipartPart,
} from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

/** Noon UTC on 2026-11-27: after every fixture's last date. */
const NOW = new Date('2026-11-27T12:00:00Z');
let now = NOW;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { MARKET_DATA_PROVIDER: 'simulated' },
    overrides: { activities: { now: () => now } },
  });
});
afterAll(() => t.close());

function upload(who: TestUser | undefined, parts: MultipartPart[], portfolio = 'me') {
  return injectAs(who, t.app, {
    method: 'POST',
    url: `/api/activities/import/preview?portfolio=${encodeURIComponent(portfolio)}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE },
    payload: multipart(parts),
  });
}

const fixture = (name: string) => ({ name: 'file', fileName: name, content: fixtureFile(name).text });

async function preview(who: TestUser, name: string, mapping?: unknown): Promise<ImportPreview> {
  const parts: MultipartPart[] = [fixture(name)];
  if (mapping !== undefined) parts.push({ name: 'mapping', content: JSON.stringify(mapping) });
  const res = await upload(who, parts);
  expect(res.statusCode, res.body).toBe(200);
  return ZImportPreview.parse(res.json());
}

const confirm = (who: TestUser, importId: string) =>
  injectAs(who, t.app, { method: 'POST', url: `/api/activities/import/${importId}/confirm` });
const undo = (who: TestUser, importId: string) =>
  injectAs(who, t.app, { method: 'DELETE', url: `/api/activities/imports/${importId}` });

async function history(who: TestUser) {
  const res = await injectAs(who, t.app, { method: 'GET', url: '/api/activities?portfolio=me' });
  expect(res.statusCode, res.body).toBe(200);
  return ZActivityListResponse.parse(res.json()).activities;
}

async function holdings(who: TestUser) {
  const res = await injectAs(who, t.app, { method: 'GET', url: '/api/holdings?portfolio=me' });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    ZHoldingsResponse.parse(res.json())
      .holdings.filter((holding) => holding.quantity > 0)
      .map((holding) => [holding.symbol, holding.quantity]),
  );
}

const SCHWAB = 'own__schwab_Transactions_title.csv';

describe('POST /api/activities/import/preview, then confirm', () => {
  it('previews a Schwab file without saving, confirms it, and the same file again adds nothing', async () => {
    const user = await signUpUser(t.app);
    const first = await preview(user, SCHWAB);
    expect(first).toMatchObject({ format: 'schwab', portfolio: 'me', fileName: SCHWAB, duplicates: [] });
    expect(first.rows).toHaveLength(11);
    expect(first.errors.length).toBeGreaterThan(0);
    expect(first.rows[0]).toEqual({
      line: 3,
      type: 'sell',
      date: '2025-01-31',
      symbol: 'MSFT',
      quantity: 3,
      price: 415.25,
      fee: 0.02,
      amount: null,
      currency: 'USD',
      note: 'Sell — MICROSOFT CORP',
    });
    expect(await history(user)).toEqual([]);

    const confirmed = await confirm(user, first.importId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ZImportConfirmResponse.parse(confirmed.json())).toEqual({
      importId: first.importId,
      portfolio: 'me',
      imported: 11,
      duplicates: 0,
    });
    const saved = await history(user);
    expect(saved).toHaveLength(11);
    expect(saved.find((activity) => activity.type === 'sell')?.source).toEqual({
      kind: 'import',
      importId: first.importId,
      fileName: SCHWAB,
      line: 3,
    });
    // Saved as previewed, field by field; entered in the file's order (newest first within a day: later line first).
    const asPreviewed = saved.map(({ source, id: _id, portfolio: _portfolio, ...fields }) => ({
      line: source.kind === 'import' ? source.line : 0,
      ...fields,
    }));
    expect([...asPreviewed].sort((a, b) => a.line - b.line)).toEqual(first.rows);
    for (const [i, activity] of asPreviewed.entries()) {
      const next = asPreviewed[i + 1];
      if (next?.date === activity.date) expect(activity.line).toBeGreaterThan(next.line);
    }
    const positions = await holdings(user);

    // A second confirmation says so; the same file again is all duplicates and adds nothing.
    expectError(await confirm(user, first.importId), 409, 'CONFLICT', M.alreadyConfirmed);
    const again = await preview(user, SCHWAB);
    expect(again.rows).toEqual([]);
    expect(again.duplicates).toHaveLength(11);
    expectError(await confirm(user, again.importId), 409, 'CONFLICT', M.nothingToImport);
    expect(await history(user)).toHaveLength(11);
    expect(await holdings(user)).toEqual(positions);
  });

  it('two previews of one file confirmed one after the other save it once', async () => {
    const user = await signUpUser(t.app);
    const [a, b] = [await preview(user, SCHWAB), await preview(user, SCHWAB)];
    expect(b.rows).toHaveLength(11);
    expect((await confirm(user, a.importId)).statusCode).toBe(200);
    expectError(await confirm(user, b.importId), 409, 'CONFLICT', M.nothingToImport);
    expect(await history(user)).toHaveLength(11);
  });

  it('an import that sells more than is held saves nothing (422 with the reason)', async () => {
    const user = await signUpUser(t.app);
    const staged = await preview(user, 'own__robinhood_activity_report.csv');
    expect(staged.rows.length).toBeGreaterThan(1);
    const error = expectError(await confirm(user, staged.importId), 422, 'INSUFFICIENT_SHARES');
    expect(error.message).toMatch(/^Cannot sell 2 AAPL on 2024-07-15/);
    expect(await history(user)).toEqual([]);
    // Still a preview: nothing changed, it can be confirmed once the history holds the shares.
    expectError(await confirm(user, staged.importId), 422, 'INSUFFICIENT_SHARES');
  });

  it("turns the saved portfolio's rows into opening positions when the history begins with an import", async () => {
    const user = await signUpUser(t.app);
    const put = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio: { VTI: 4 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const staged = await preview(user, SCHWAB);
    expect((await confirm(user, staged.importId)).statusCode).toBe(200);
    const saved = await history(user);
    expect(saved.filter((activity) => activity.source.kind === 'opening')).toMatchObject([
      { type: 'transfer_in', symbol: 'VTI', quantity: 4 },
    ]);
    expect((await holdings(user)).VTI).toBe(4);
  });
});

describe('DELETE /api/activities/imports/:importId', () => {
  it('undoes the whole import, and discards a preview', async () => {
    const user = await signUpUser(t.app);
    const staged = await preview(user, SCHWAB);
    expect((await confirm(user, staged.importId)).statusCode).toBe(200);
    const res = await undo(user, staged.importId);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZImportUndoResponse.parse(res.json())).toEqual({ importId: staged.importId, deleted: 11 });
    expect(await history(user)).toEqual([]);
    expectError(await undo(user, staged.importId), 404, 'NOT_FOUND', M.importNotFound);

    const discarded = await preview(user, SCHWAB);
    expect(ZImportUndoResponse.parse((await undo(user, discarded.importId)).json()).deleted).toBe(0);
    expectError(await confirm(user, discarded.importId), 404, 'NOT_FOUND', M.importNotFound);
  });

  it('refuses an undo that would leave a sale of more than is held, with the reason', async () => {
    const user = await signUpUser(t.app);
    const staged = await preview(user, SCHWAB);
    expect((await confirm(user, staged.importId)).statusCode).toBe(200);
    const positions = await holdings(user);
    const [symbol, quantity] = Object.entries(positions)[0] ?? ['', 0];
    const sold = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/activities',
      payload: { portfolio: 'me', type: 'sell', date: '2026-11-01', symbol, quantity, price: 1 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const error = expectError(await undo(user, staged.importId), 422, 'INSUFFICIENT_SHARES');
    expect(error.message).toContain(`Cannot sell ${quantity} ${symbol} on 2026-11-01`);
    expect(await history(user)).toHaveLength(12);
  });
});

describe('whose imports, and how long', () => {
  it("answers another person's import with 404, and its portfolio with 404", async () => {
    const [owner, other] = [await signUpUser(t.app), await signUpUser(t.app)];
    const staged = await preview(owner, SCHWAB);
    expectError(await confirm(other, staged.importId), 404, 'NOT_FOUND', M.importNotFound);
    expectError(await undo(other, staged.importId), 404, 'NOT_FOUND', M.importNotFound);
    const premium = await signUpUser(t.app, { plan: 'premium' });
    const foreign = await upload(premium, [fixture(SCHWAB)], 'account:00000000-0000-4000-8000-000000000000');
    expectError(foreign, 404, 'NOT_FOUND');
    expectError(await upload(undefined, [fixture(SCHWAB)]), 401, 'UNAUTHENTICATED');
    expect((await confirm(owner, staged.importId)).statusCode).toBe(200);
  });

  it('says a preview past its day is no longer kept, and keeps only the latest few', async () => {
    const user = await signUpUser(t.app);
    const old = await preview(user, SCHWAB);
    now = new Date(NOW.getTime() + 25 * 3_600_000);
    try {
      expectError(await confirm(user, old.importId), 409, 'CONFLICT', M.expired);
    } finally {
      now = NOW;
    }
    const staged = [];
    for (let i = 0; i < 4; i++) staged.push(await preview(user, SCHWAB));
    expectError(await confirm(user, staged[0]?.importId ?? ''), 409, 'CONFLICT', M.expired);
    expect((await confirm(user, staged[3]?.importId ?? '')).statusCode).toBe(200);
  });
});

describe('a file no format recognises', () => {
  const GENERIC = 'own__generic_transactions.csv';
  const mapping = GENERIC_FILE_MAPPING;

  it('asks for a mapping, reads the file through it, and remembers it for that header', async () => {
    const user = await signUpUser(t.app);
    const asked = await upload(user, [fixture(GENERIC)]);
    expect(asked.statusCode, asked.body).toBe(200);
    const needed = ZImportPreviewResponse.parse(asked.json());
    expect(needed).toMatchObject({
      kind: 'mapping-needed',
      header: GENERIC_FILE_HEADER,
      proposal: { dateFormat: 'DD.MM.YYYY' },
    });

    const mapped = await preview(user, GENERIC, mapping);
    expect(mapped.format).toBe('generic');
    expect(mapped.rows.map((row) => [row.line, row.type, row.symbol])).toEqual([
      [3, 'buy', 'AAPL'],
      [4, 'buy', 'BRK-B'],
      [5, 'interest', null],
      [6, 'dividend', 'AAPL'],
      [7, 'sell', 'AAPL'],
    ]);
    expect(mapped.errors.map((error) => error.line)).toEqual([8, 9, 10, 11]);

    // The same header again: read through the remembered mapping, nothing asked.
    const remembered = await preview(user, GENERIC);
    expect(remembered.rows).toEqual(mapped.rows);
    // Only for that person.
    const other = await signUpUser(t.app);
    const res = await upload(other, [fixture(GENERIC)]);
    expect(ZImportPreviewResponse.parse(res.json()).kind).toBe('mapping-needed');

    const exported = await injectAs(user, t.app, { method: 'GET', url: '/api/account/export' });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ activities: { importMappings: unknown[] } }>().activities.importMappings).toEqual([
      expect.objectContaining({
        headerKey: needed.kind === 'mapping-needed' ? needed.headerKey : '',
        mapping,
      }),
    ]);
  });

  it('refuses a mapping that is not JSON or not a mapping, with a 400', async () => {
    const user = await signUpUser(t.app);
    const notJson = await upload(user, [fixture(GENERIC), { name: 'mapping', content: '{columns' }]);
    expectError(notJson, 400, 'VALIDATION_ERROR', M.mappingNotJson);
    const bad = await upload(user, [
      fixture(GENERIC),
      { name: 'mapping', content: JSON.stringify({ ...mapping, columns: { date: 'a\u0000b', type: 'x' } }) },
    ]);
    expectError(bad, 400, 'VALIDATION_ERROR');
  });
});

describe('bad uploads are a 4xx with the reason, and nothing is saved', () => {
  it('refuses a file with no usable row, an empty one, a binary one and one over the limits', async () => {
    const user = await signUpUser(t.app);
    const noRows = await upload(user, [fixture('capital-gains-calculator__test_basic.csv')]);
    expect(expectError(noRows, 400, 'VALIDATION_ERROR').message).toMatch(
      /^No activity in this file can be imported \(Interactive Brokers activity statement\)/,
    );
    expectError(
      await upload(user, [{ name: 'file', fileName: 'x.csv', content: '' }]),
      400,
      'VALIDATION_ERROR',
      ACTIVITY_FILE_ERRORS.empty,
    );
    expectError(
      await upload(user, [{ name: 'file', fileName: 'x.csv', content: Buffer.from([0, 1, 2, 0, 255, 254]) }]),
      400,
      'VALIDATION_ERROR',
    );
    const tooLarge = await upload(user, [
      { name: 'file', fileName: 'big.csv', content: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') },
    ]);
    expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE', `${M.tooLarge} ${M.limits}`);
    const rows = `Date,Code,DataSource,Currency,Price,Quantity,Action,Fee,Note\n${'2024-01-02,AAPL,YAHOO,USD,1,1,buy,0,\n'.repeat(100_001)}`;
    expectError(
      await upload(user, [{ name: 'file', fileName: 'many.csv', content: rows }]),
      400,
      'VALIDATION_ERROR',
      ACTIVITY_FILE_ERRORS.tooManyRows,
    );
    expect(await history(user)).toEqual([]);
  });

  it('refuses a request that is not one file as multipart/form-data', async () => {
    const user = await signUpUser(t.app);
    const json = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/activities/import/preview?portfolio=me',
      payload: { file: 'Date,Action' },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE', M.fileRequired);
    expectError(await upload(user, []), 400, 'VALIDATION_ERROR', M.fileRequired);
    expectError(await upload(user, [fixture(SCHWAB), fixture(SCHWAB)]), 400, 'VALIDATION_ERROR', M.oneFile);
    expectError(
      await upload(user, [fixture(SCHWAB), { name: 'other', content: 'x' }]),
      400,
      'VALIDATION_ERROR',
      M.unknownField('other'),
    );
    const broken = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/activities/import/preview?portfolio=me',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nDate`,
    });
    expect(broken.statusCode, broken.body).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode, broken.body).toBeLessThan(500);
    expectError(await upload(user, [fixture(SCHWAB)], 'nobody'), 400, 'VALIDATION_ERROR');
    expectError(
      await upload(user, [{ name: 'file', fileName: 'a\u0001.csv', content: fixtureFile(SCHWAB).text }]),
      400,
      'VALIDATION_ERROR',
      M.fileNameInvalid,
    );
    expectError(await confirm(user, 'not-a-uuid'), 400, 'VALIDATION_ERROR');
    expect(await history(user)).toEqual([]);
  });

  it('answers a paper portfolio with 403: its activities are its trades', async () => {
    const user = await signUpUser(t.app);
    const res = await upload(user, [fixture(SCHWAB)], 'paper:00000000-0000-4000-8000-000000000000');
    expectError(res, 403, 'FORBIDDEN');
  });
});
