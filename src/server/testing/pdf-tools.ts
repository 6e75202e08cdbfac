/**
 * Poppler's pdftotext and pdfinfo and qpdf, run on a PDF a test made: what a reader extracts from it, what it
 * says of it, and whether its structure is sound. Debian: `apt-get install poppler-utils qpdf` (.ci/run installs
 * them when they are missing).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withPdfFile<T>(bytes: Uint8Array, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'foliowise-pdf-'));
  try {
    const path = join(dir, 'file.pdf');
    await writeFile(path, bytes);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function tool(
  command: string,
  args: string[],
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & {
      stdout?: string;
      stderr?: string;
      code?: number | string;
    };
    if (failed.code === 'ENOENT') {
      throw new Error(`${command} is not installed (Debian: apt-get install poppler-utils qpdf)`);
    }
    return {
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
      code: typeof failed.code === 'number' ? failed.code : 1,
    };
  }
}

/** The text pdftotext extracts (UTF-8, pages in order), and its complaints about the content ('' when none). */
export function pdfToText(bytes: Uint8Array): Promise<{ text: string; warnings: string }> {
  return withPdfFile(bytes, async (path) => {
    const { stdout, stderr } = await tool('pdftotext', ['-enc', 'UTF-8', path, '-']);
    return { text: stdout, warnings: stderr };
  });
}

/** pdfinfo's fields ('Tagged' -> 'yes', 'Title' -> ...), and what it wrote to stderr (its complaints). */
export function pdfInfo(bytes: Uint8Array): Promise<{ fields: Record<string, string>; stderr: string }> {
  return withPdfFile(bytes, async (path) => {
    const { stdout, stderr } = await tool('pdfinfo', ['-enc', 'UTF-8', path]);
    const fields: Record<string, string> = {};
    for (const line of stdout.split('\n')) {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      if (match) fields[match[1] ?? ''] = match[2] ?? '';
    }
    return { fields, stderr };
  });
}

/** qpdf --check: its exit code (0 when clean, 3 with warnings, 2 with errors) and its report. */
export function qpdfCheck(bytes: Uint8Array): Promise<{ code: number; output: string }> {
  return withPdfFile(bytes, async (path) => {
    const { stdout, stderr, code } = await tool('qpdf', ['--check', path]);
    return { code, output: `${stdout}${stderr}` };
  });
}
