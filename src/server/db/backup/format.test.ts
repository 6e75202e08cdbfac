import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { orderByReferences } from './catalog';
import {
  BackupFileError,
  endOfRowsLine,
  headerLine,
  magicLine,
  readBackup,
  sequencesLine,
  summaryLine,
  tableLine,
  withChecksum,
  type BackupEntry,
} from './format';

const HEADER = {
  format: 1 as const,
  createdAt: '2026-11-23T00:00:05.000Z',
  server: 'PostgreSQL 18.1',
  migrations: [{ hash: 'abc', createdAt: 1795303219475 }],
};
// COPY's text format: a tab between values, \N for NULL, backslash escapes for tab, newline and backslash.
const USER_ROWS = ['1\ta@example.com\t\\N\n', '2\ttab\\there\tNew\\nLine \\\\ ünïcödé\n'];

async function* contentOf(rows: readonly string[] = USER_ROWS, summaryRows = rows.length) {
  yield magicLine();
  yield headerLine(HEADER);
  yield tableLine({ name: 'user', columns: ['id', 'email', 'note'] });
  for (const row of rows) yield Buffer.from(row);
  yield endOfRowsLine();
  yield tableLine({ name: 'empty', columns: ['id'] });
  yield endOfRowsLine();
  yield sequencesLine([{ name: 'user_id_seq', lastValue: '2', isCalled: true }]);
  yield summaryLine({ user: summaryRows, empty: 0 });
}

async function gzipOf(content: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}

const backupFile = (content = contentOf()) => gzipOf(withChecksum(content));

/** Every entry, with each table's rows read as text. */
async function readAll(file: Buffer) {
  const entries: (Exclude<BackupEntry, { kind: 'table' }> | { kind: 'table'; name: string; rows: string })[] =
    [];
  for await (const entry of readBackup(Readable.from([file]))) {
    if (entry.kind === 'table') {
      const pieces: Buffer[] = [];
      for await (const piece of entry.rows) pieces.push(piece);
      entries.push({ kind: 'table', name: entry.table.name, rows: Buffer.concat(pieces).toString() });
    } else {
      entries.push(entry);
    }
  }
  return entries;
}

/** The reason readBackup gives for refusing the file. */
async function refusalOf(file: Buffer): Promise<string> {
  const error = await readAll(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupFileError);
  return (error as Error).message;
}

/** The file with its decompressed text changed by `edit` (and its checksum line as it was). */
const edited = (file: Buffer, edit: (text: string) => string) =>
  gzipSync(Buffer.from(edit(gunzipSync(file).toString('utf8')), 'utf8'));

describe('a backup file (format 1)', () => {
  it('reads back every table with its rows byte for byte, the sequences, and is verified last', async () => {
    expect(await readAll(await backupFile())).toEqual([
      { kind: 'header', header: HEADER },
      { kind: 'table', name: 'user', rows: USER_ROWS.join('') },
      { kind: 'table', name: 'empty', rows: '' },
      { kind: 'sequences', sequences: [{ name: 'user_id_seq', lastValue: '2', isCalled: true }] },
      { kind: 'verified', rows: { user: 2, empty: 0 } },
    ]);
  });

  it('counts and checks rows a reader leaves unread', async () => {
    const kinds: string[] = [];
    for await (const entry of readBackup(Readable.from([await backupFile()]))) kinds.push(entry.kind);
    expect(kinds).toEqual(['header', 'table', 'table', 'sequences', 'verified']);
  });

  it('hands rows on in pieces that end at a row, whatever the gzip chunks', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i}\tperson-${i}@example.com\t\\N\n`);
    const file = await backupFile(contentOf(rows));
    const chunks = Array.from({ length: Math.ceil(file.length / 997) }, (_, i) =>
      file.subarray(i * 997, i * 997 + 997),
    );
    for await (const entry of readBackup(Readable.from(chunks))) {
      if (entry.kind !== 'table' || entry.table.name !== 'user') continue;
      const pieces: Buffer[] = [];
      for await (const piece of entry.rows) pieces.push(piece);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.every((piece) => piece.at(-1) === 0x0a)).toBe(true);
      expect(Buffer.concat(pieces).toString()).toBe(rows.join(''));
    }
  });

  it('is refused when a byte of its content changed', async () => {
    const file = edited(await backupFile(), (text) => text.replace('a@example.com', 'b@example.com'));
    expect(await refusalOf(file)).toBe(
      'its SHA-256 checksum does not match its content (the file was changed)',
    );
  });

  it('is refused when it is cut short, inside the rows, before its checksum or inside the gzip stream', async () => {
    const file = await backupFile();
    const text = gunzipSync(file).toString('utf8');
    const cutAt = (marker: string) => gzipSync(Buffer.from(text.slice(0, text.indexOf(marker))));
    expect(await refusalOf(cutAt('2\ttab'))).toBe('it ends inside the rows of table user');
    expect(await refusalOf(cutAt('SHA256 '))).toBe('it ends before its checksum');
    expect(await refusalOf(file.subarray(0, file.length - 12))).toBe('it ends early (a copy cut short?)');
  });

  it('is refused when its summary disagrees with its rows', async () => {
    expect(await refusalOf(await backupFile(contentOf(USER_ROWS, 3)))).toBe(
      'table user has 2 rows, and its summary says 3',
    );
  });

  it('is refused when it is no gzip, no backup, of another format version, or goes on after its checksum', async () => {
    expect(await refusalOf(Buffer.from('{"not":"a backup"}'))).toBe(
      'it is not gzip data of a Foliowise backup',
    );
    expect(await refusalOf(gzipSync('id,email\n1,a@example.com\n'))).toBe(
      'it does not start as a Foliowise backup does',
    );
    const file = await backupFile();
    expect(
      await refusalOf(edited(file, (text) => text.replace('FOLIOWISE-BACKUP 1', 'FOLIOWISE-BACKUP 2'))),
    ).toBe('it is of backup format 2, and this version of Foliowise reads format 1');
    expect(await refusalOf(edited(file, (text) => `${text}TABLE {}\n`))).toBe(
      'it goes on after its checksum',
    );
    expect(
      await refusalOf(edited(file, (text) => text.replace('HEADER {"format":1', 'HEADER {"format":"1"'))),
    ).toBe('its HEADER line is not one this version writes');
  });
});

describe('the order tables are written and loaded in', () => {
  const tables = ['trade', 'user', 'portfolio', 'audit', 'alert'].map((name) => ({ name }));

  it('puts every table after the tables it refers to, by name among those free to go', () => {
    const references = [
      { from: 'trade', to: 'portfolio' },
      { from: 'trade', to: 'user' },
      { from: 'portfolio', to: 'user' },
      { from: 'alert', to: 'portfolio' },
      { from: 'user', to: 'user' }, // a table that refers to itself
    ];
    expect(orderByReferences(tables, references).map((t) => t.name)).toEqual([
      'audit',
      'user',
      'portfolio',
      'alert',
      'trade',
    ]);
  });

  it('names the tables of a cycle, which cannot be loaded one after another', () => {
    expect(() =>
      orderByReferences(tables, [
        { from: 'user', to: 'portfolio' },
        { from: 'portfolio', to: 'user' },
      ]),
    ).toThrow('Tables refer to each other in a cycle, which a backup cannot load in order: portfolio, user');
  });
});
