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
import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

export const BACKUP_FORMAT = 1;
const MAGIC = 'FOLIOWISE-BACKUP';
const END_OF_ROWS = '\\.';
const NEWLINE = 0x0a;
/** A line longer than this is no line of ours (COPY's rows are bounded by PostgreSQL's 1 GB value limit). */
const MAX_LINE_BYTES = 1024 * 1024 * 1024;

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

/** The end-of-rows line, and a row's newline followed by it. */
const END_OF_ROWS_BYTES = Buffer.from(`${END_OF_ROWS}\n`);
const ROWS_THEN_END = Buffer.from(`\n${END_OF_ROWS}\n`);

/**
 * The decompressed content, read a line at a time for the control lines and in runs of whole rows for a table (the
 * rows are never split into lines one by one). Every byte read is added to `hash` unless said otherwise.
 */
class ContentReader {
  private buffer: Buffer = Buffer.alloc(0);
  /** Where the unread bytes of `buffer` start. */
  private position = 0;

  constructor(
    private readonly chunks: AsyncIterator<Buffer>,
    private readonly hash: Hash,
  ) {}

  /** Appends the next chunk to the unread bytes; false at the end of the content. */
  private async readMore(): Promise<boolean> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      const reason = gzipReason(error);
      throw reason ? new BackupFileError(reason) : error;
    }
    if (next.done) return false;
    const unread = this.buffer.subarray(this.position);
    if (unread.length > MAX_LINE_BYTES) throw new BackupFileError('it has a line longer than 1 GB');
    this.buffer = unread.length > 0 ? Buffer.concat([unread, next.value]) : next.value;
    this.position = 0;
    return true;
  }

  /** The next line without its newline; undefined at the end of the content. */
  async readLine({ hashed = true } = {}): Promise<Buffer | undefined> {
    for (;;) {
      const end = this.buffer.indexOf(NEWLINE, this.position);
      if (end !== -1) {
        if (hashed) this.hash.update(this.buffer.subarray(this.position, end + 1));
        const line = this.buffer.subarray(this.position, end);
        this.position = end + 1;
        return line;
      }
      if (!(await this.readMore())) {
        if (this.position < this.buffer.length) throw new BackupFileError('it ends in the middle of a line');
        return undefined;
      }
    }
  }

  /** A table's rows up to its end-of-rows line (read too), in runs of whole rows; returns how many rows. */
  async *readRows(table: string): AsyncGenerator<Buffer, number> {
    let count = 0;
    for (;;) {
      const { buffer, position } = this;
      // Rows never hold a raw newline, so the line `\.` is found by its bytes, newline before and after.
      const isAtEnd = buffer
        .subarray(position, position + END_OF_ROWS_BYTES.length)
        .equals(END_OF_ROWS_BYTES);
      const marker = isAtEnd ? -1 : buffer.indexOf(ROWS_THEN_END, position);
      const rowsEnd = isAtEnd ? position : marker !== -1 ? marker + 1 : buffer.lastIndexOf(NEWLINE) + 1;
      if (rowsEnd > position) {
        const rows = buffer.subarray(position, rowsEnd);
        for (let i = 0; i < rows.length; i += 1) if (rows[i] === NEWLINE) count += 1;
        this.hash.update(rows);
        this.position = rowsEnd;
        yield rows;
      }
      if (isAtEnd || marker !== -1) {
        this.hash.update(END_OF_ROWS_BYTES);
        this.position = rowsEnd + END_OF_ROWS_BYTES.length;
        return count;
      }
      if (!(await this.readMore())) throw new BackupFileError(`it ends inside the rows of table ${table}`);
    }
  }
}

/**
 * Reads a backup (its gzip bytes) entry by entry, checking its structure as it goes; the last entry, `verified`,
 * comes only when the SHA-256 of the content and each table's row count agree with the file's own. A file that is
 * not a backup, of another format version, cut short or changed throws BackupFileError with the reason (after
 * the entries read so far: a restore keeps them in a transaction until `verified`).
 */
export async function* readBackup(input: Readable): AsyncGenerator<BackupEntry> {
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  input.on('error', (error) => gunzip.destroy(error));
  const hash = createHash('sha256');
  const reader = new ContentReader(input.pipe(gunzip)[Symbol.asyncIterator](), hash);
  const rowCounts: Record<string, number> = {};

  async function* rowsOf(table: BackupTable): AsyncGenerator<Buffer> {
    rowCounts[table.name] = yield* reader.readRows(table.name);
  }

  try {
    const magic = (await reader.readLine())?.toString('utf8') ?? '';
    const version = magic.startsWith(`${MAGIC} `) ? magic.slice(MAGIC.length + 1) : undefined;
    if (version === undefined) throw new BackupFileError('it does not start as a Foliowise backup does');
    if (version !== String(BACKUP_FORMAT)) {
      throw new BackupFileError(
        `it is of backup format ${version.slice(0, 20)}, and this version of Foliowise reads format ${BACKUP_FORMAT}`,
      );
    }
    yield { kind: 'header', header: parseControl(await reader.readLine(), 'HEADER', ZHeader) };

    let line = await reader.readLine();
    while (line?.toString('utf8').startsWith('TABLE ')) {
      const table = parseControl(line, 'TABLE', ZTable);
      if (table.name in rowCounts) throw new BackupFileError(`it holds table ${table.name} twice`);
      const rows = rowsOf(table);
      yield { kind: 'table', table, rows };
      // Rows the reader left unread are still counted and checked.
      for await (const piece of rows) void piece;
      line = await reader.readLine();
    }
    yield { kind: 'sequences', sequences: parseControl(line, 'SEQUENCES', z.array(ZSequence)) };
    const summary = parseControl(await reader.readLine(), 'SUMMARY', ZSummary);

    const digest = hash.digest('hex');
    const written = (await reader.readLine({ hashed: false }))?.toString('utf8');
    if (!written?.startsWith('SHA256 ')) throw new BackupFileError('it ends before its checksum');
    if (written.slice('SHA256 '.length) !== digest) {
      throw new BackupFileError('its SHA-256 checksum does not match its content (the file was changed)');
    }
    if ((await reader.readLine({ hashed: false })) !== undefined) {
      throw new BackupFileError('it goes on after its checksum');
    }
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
