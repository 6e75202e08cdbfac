/**
 * The backup file, format 1 (docs/decisions/037-backups.md): a gzip stream of UTF-8 text lines.
 *
 *     FOLIOWISE-BACKUP 1
 *     HEADER {"format":1,"createdAt":...,"server":...,"migrations":[{"hash","createdAt"}...]}
 *     TABLE {"name":"user","columns":["id","email",...]}
 *     <the table's rows in PostgreSQL's COPY text format, one a line>
 *     \.
 *     TABLE ...                      (every table of the schema, parents before the tables that refer to them)
 *     SEQUENCES [{"name","lastValue","isCalled"}...]
 *     SUMMARY {"rows":{"user":3,...}}
 *     SHA256 <hex digest of every byte above this line>
 *
 * COPY's text format escapes newlines, carriage returns and backslashes inside values, so a row is one line and
 * `\.` (a lone backslash-dot) cannot be a row. Values are written with fixed settings (SESSION_SETTINGS) so that they
 * read back exactly on any PostgreSQL version.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

export const BACKUP_FORMAT = 1;
const MAGIC = 'FOLIOWISE-BACKUP';
const END_OF_ROWS = '\\.';
const NEWLINE = 0x0a;
const NEWLINE_BUFFER = Buffer.from([NEWLINE]);
/** A line longer than this is no line of ours (COPY's rows are bounded by PostgreSQL's 1 GB value limit). */
const MAX_LINE_BYTES = 1024 * 1024 * 1024;
/** Rows are handed on in pieces of about this size. */
const ROWS_PIECE_BYTES = 256 * 1024;

/**
 * The settings a backup writes and a restore reads values with: dates in ISO with the offset, UTC, floats with
 * every digit, bytea in hex, UTF-8. PostgreSQL parses what it writes under them back to the same value.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  client_encoding: 'UTF8',
  datestyle: 'ISO, YMD',
  intervalstyle: 'postgres',
  timezone: 'UTC',
  extra_float_digits: '3',
  bytea_output: 'hex',
};

/** The database's applied migrations, as drizzle records them (`drizzle.__drizzle_migrations`), oldest first. */
const ZMigration = z.object({ hash: z.string(), createdAt: z.number().int() });
export type AppliedMigration = z.infer<typeof ZMigration>;

const ZHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** `select version()` of the server it was taken from. */
  server: z.string(),
  migrations: z.array(ZMigration).min(1),
});
export type BackupHeader = z.infer<typeof ZHeader>;

const ZTable = z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) });
export type BackupTable = z.infer<typeof ZTable>;

/** A sequence's state: `lastValue` as text (a bigint). */
const ZSequence = z.object({ name: z.string().min(1), lastValue: z.string(), isCalled: z.boolean() });
export type BackupSequence = z.infer<typeof ZSequence>;

const ZSummary = z.object({ rows: z.record(z.string(), z.number().int().min(0)) });

/** A backup or restore that cannot go on, for a reason the person who ran it can act on: the message. */
export class BackupError extends Error {}

/** A file that cannot be read or verified as a backup; the message is the reason ('it ends early ...'). */
export class BackupFileError extends BackupError {}

export const encodeLine = (text: string) => Buffer.from(`${text}\n`, 'utf8');
export const magicLine = () => encodeLine(`${MAGIC} ${BACKUP_FORMAT}`);
export const headerLine = (header: BackupHeader) => encodeLine(`HEADER ${JSON.stringify(header)}`);
export const tableLine = (table: BackupTable) => encodeLine(`TABLE ${JSON.stringify(table)}`);
export const endOfRowsLine = () => encodeLine(END_OF_ROWS);
export const sequencesLine = (sequences: readonly BackupSequence[]) =>
  encodeLine(`SEQUENCES ${JSON.stringify(sequences)}`);
export const summaryLine = (rows: Readonly<Record<string, number>>) =>
  encodeLine(`SUMMARY ${JSON.stringify({ rows })}`);

/** The content, then the line with the SHA-256 of every byte of it. */
export async function* withChecksum(content: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  for await (const chunk of content) {
    hash.update(chunk);
    yield chunk;
  }
  yield encodeLine(`SHA256 ${hash.digest('hex')}`);
}

/** What a backup holds, in the order of the file. A table's rows must be read (or left) before the next entry. */
export type BackupEntry =
  | { kind: 'header'; header: BackupHeader }
  /** `rows`: the table's lines in COPY text format, each ending in a newline, in pieces. */
  | { kind: 'table'; table: BackupTable; rows: AsyncIterable<Buffer> }
  | { kind: 'sequences'; sequences: BackupSequence[] }
  /** Last, once the checksum and every table's row count are verified. */
  | { kind: 'verified'; rows: Record<string, number> };

/** The file's lines without their newline; fails on a line that never ends. */
async function* linesOf(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of input) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      if (pending.length > 0) {
        yield Buffer.concat([...pending, piece]);
        pending = [];
        pendingBytes = 0;
      } else {
        yield piece;
      }
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) throw new BackupFileError('it has a line longer than 1 GB');
    }
  }
  if (pending.length > 0) throw new BackupFileError('it ends in the middle of a line');
}

function parseControl<T>(line: Buffer | undefined, keyword: string, schema: z.ZodType<T>): T {
  const text = line?.toString('utf8');
  const prefix = `${keyword} `;
  if (text === undefined || !text.startsWith(prefix)) {
    throw new BackupFileError(
      text === undefined ? `it ends before its ${keyword} line` : `a ${keyword} line was expected`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.slice(prefix.length));
  } catch {
    throw new BackupFileError(`its ${keyword} line is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BackupFileError(`its ${keyword} line is not one this version writes`);
  return parsed.data;
}

/** A Node error of the gzip decoder as the reason a person reads. */
function gzipReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR') return 'it is not gzip data of a Foliowise backup';
  if (code === 'Z_BUF_ERROR') return 'it ends early (a copy cut short?)';
  return undefined;
}

/**
 * Reads a backup (its gzip bytes) entry by entry, checking its structure as it goes; the last entry, `verified`,
 * comes only when the SHA-256 of the content and each table's row count agree with the file's own. A file that is
 * not a backup, of another format version, cut short or changed throws BackupFileError with the reason (after
 * the entries read so far: a restore keeps them in a transaction until `verified`).
 */
export async function* readBackup(input: Readable): AsyncGenerator<BackupEntry> {
  const gunzip = createGunzip();
  const lines = linesOf(input.pipe(gunzip));
  input.on('error', (error) => gunzip.destroy(error));
  const hash = createHash('sha256');
  const rowCounts: Record<string, number> = {};

  async function nextLine(): Promise<Buffer | undefined> {
    try {
      const { value, done } = await lines.next();
      if (done) return undefined;
      hash.update(value);
      hash.update('\n');
      return value;
    } catch (error) {
      const reason = gzipReason(error);
      if (reason) throw new BackupFileError(reason);
      throw error;
    }
  }

  async function* rowsOf(table: BackupTable): AsyncGenerator<Buffer> {
    let count = 0;
    let piece: Buffer[] = [];
    let pieceBytes = 0;
    for (;;) {
      const line = await nextLine();
      if (line === undefined) throw new BackupFileError(`it ends inside the rows of table ${table.name}`);
      if (line.length === 2 && line.toString('latin1') === END_OF_ROWS) break;
      count += 1;
      piece.push(line, NEWLINE_BUFFER);
      pieceBytes += line.length + 1;
      if (pieceBytes >= ROWS_PIECE_BYTES) {
        yield Buffer.concat(piece);
        piece = [];
        pieceBytes = 0;
      }
    }
    if (piece.length > 0) yield Buffer.concat(piece);
    rowCounts[table.name] = count;
  }

  try {
    const magic = (await nextLine())?.toString('utf8') ?? '';
    const version = magic.startsWith(`${MAGIC} `) ? magic.slice(MAGIC.length + 1) : undefined;
    if (version === undefined) throw new BackupFileError('it does not start as a Foliowise backup does');
    if (version !== String(BACKUP_FORMAT)) {
      throw new BackupFileError(
        `it is of backup format ${version.slice(0, 20)}, and this version of Foliowise reads format ${BACKUP_FORMAT}`,
      );
    }
    yield { kind: 'header', header: parseControl(await nextLine(), 'HEADER', ZHeader) };

    let line = await nextLine();
    while (line?.toString('utf8').startsWith('TABLE ')) {
      const table = parseControl(line, 'TABLE', ZTable);
      if (table.name in rowCounts) throw new BackupFileError(`it holds table ${table.name} twice`);
      const rows = rowsOf(table);
      yield { kind: 'table', table, rows };
      // Rows the reader left unread are still counted and checked.
      for await (const piece of rows) void piece;
      line = await nextLine();
    }
    yield { kind: 'sequences', sequences: parseControl(line, 'SEQUENCES', z.array(ZSequence)) };
    const summary = parseControl(await nextLine(), 'SUMMARY', ZSummary);

    const digest = hash.digest('hex');
    const checksumLine = await lines.next().catch((error: unknown) => {
      throw new BackupFileError(gzipReason(error) ?? String(error));
    });
    const written = checksumLine.done ? undefined : checksumLine.value.toString('utf8');
    if (!written?.startsWith('SHA256 ')) throw new BackupFileError('it ends before its checksum');
    if (written.slice('SHA256 '.length) !== digest) {
      throw new BackupFileError('its SHA-256 checksum does not match its content (the file was changed)');
    }
    if (!(await lines.next()).done) throw new BackupFileError('it goes on after its checksum');
    const tables = new Set([...Object.keys(summary.rows), ...Object.keys(rowCounts)]);
    for (const name of tables) {
      if (summary.rows[name] !== rowCounts[name]) {
        throw new BackupFileError(
          `table ${name} has ${rowCounts[name] ?? 'no'} rows, and its summary says ${summary.rows[name] ?? 'none'}`,
        );
      }
    }
    yield { kind: 'verified', rows: rowCounts };
  } finally {
    gunzip.destroy();
    input.destroy();
  }
}
