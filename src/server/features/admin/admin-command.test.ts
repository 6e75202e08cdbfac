import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditLogResponse } from '../../../contracts/admin';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';

const execFileAsync = promisify(execFile);

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'chief@example.com' } });
  admin = await signUpUser(t.app, { role: 'admin' });
});
afterAll(() => t?.close());

/** `npm run admin -- <args>` against this test's database (DATABASE_URL), as an operator runs it. */
async function runAdmin(...args: string[]) {
  const databaseUrl = t.deps.database.pool.options.connectionString ?? '';
  expect(databaseUrl).toMatch(/^postgres/);
  const { stdout } = await execFileAsync(process.execPath, ['scripts/admin.mjs', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_EMAILS: '' },
  });
  return stdout;
}

async function auditLog() {
  const res = await injectAs(admin, t.app, { method: 'GET', url: '/api/admin/audit-log' });
  expect(res.statusCode, res.body).toBe(200);
  return ZAuditLogResponse.parse(res.json()).entries;
}

describe('npm run admin -- grant|revoke', () => {
  it('writes each change of role to the admin audit log, actor "operator command"', async () => {
    const member = await signUpUser(t.app);
    expect(await runAdmin('grant', member.email)).toContain(`${member.email}: role user -> admin.`);
    // Nothing changes, nothing is written.
    expect(await runAdmin('grant', member.email)).toContain('already had the role admin');
    expect(await runAdmin('revoke', member.email)).toContain(`${member.email}: role admin -> user.`);

    const entries = (await auditLog()).filter((entry) => entry.targetEmail === member.email);
    expect(entries.map(({ action, actorEmail, detail }) => ({ action, actorEmail, detail }))).toEqual([
      {
        action: 'admin_role_revoked',
        actorEmail: 'operator command',
        detail: 'Role admin -> user (npm run admin -- revoke)',
      },
      {
        action: 'admin_role_granted',
        actorEmail: 'operator command',
        detail: 'Role user -> admin (npm run admin -- grant)',
      },
    ]);
  });
});
