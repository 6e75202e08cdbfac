import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../../contracts/api-v1';

const REDOCLY_CLI = path.resolve('node_modules/@redocly/cli/bin/cli.js');
const ZLintReport = z.object({
  totals: z.object({ errors: z.number(), warnings: z.number() }),
  problems: z.array(z.object({ ruleId: z.string(), message: z.string() })),
});

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

/** `redocly lint` of a document with the repository's redocly.yaml, offline (its telemetry is off there). */
async function lint(name: string, document: object) {
  const file = path.join(directory, `${name}.json`);
  await writeFile(file, JSON.stringify(document, null, 2));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [REDOCLY_CLI, 'lint', '--config', 'redocly.yaml', '--format', 'json', file],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    // It exits with 1 when it finds an error: the report is on stdout either way.
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return ZLintReport.parse(JSON.parse(stdout));
}

const document = buildOpenApiDocument({
  version: '1.2.3',
  requestsPerMinute: 600,
  serverUrl: 'https://foliowise.test',
});

describe('the /api/v1 OpenAPI document', () => {
  it('passes @redocly/cli lint with no error and no warning', async () => {
    const report = await lint('served', document);
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0 });
  });

  it('would fail it without its servers (the lint reads the document it is given)', async () => {
    const { servers: _servers, ...withoutServers } = document;
    const report = await lint('without-servers', withoutServers);
    expect(report.problems.map((problem) => problem.ruleId)).toEqual(['no-empty-servers']);
    expect(report.totals.errors).toBe(1);
  });
});
