import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';
import { E2E_PASSWORD, signUpWithoutBrowser } from './support/users';

const execFileAsync = promisify(execFile);

/** `npm run admin -- <args>` as an operator runs it beside the app: same DATA_DIR, no DATABASE_URL. */
async function runAdmin(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['scripts/admin.mjs', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAILS: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function roleOf(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { role: string } }).user.role;
}

describe('npm run admin (operator command on the running embedded database)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('grants and revokes admin while the app runs; an unknown email fails', async () => {
    const email = 'operator.pick@example.com';
    await signUpWithoutBrowser(server.baseUrl, email);
    expect(await roleOf(server.baseUrl, email)).toBe('user');

    const granted = await runAdmin(server.dataDir, 'grant', 'Operator.Pick@example.com');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${email}: role user -> admin.`);
    expect(await roleOf(server.baseUrl, email)).toBe('admin');

    const revoked = await runAdmin(server.dataDir, 'revoke', email);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`${email}: role admin -> user.`);
    expect(await roleOf(server.baseUrl, email)).toBe('user');

    const unknown = await runAdmin(server.dataDir, 'grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.com.');

    const usage = await runAdmin(server.dataDir, 'promote', email);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run admin -- grant <email>');
  });

  it('with the app stopped, says to start it and starts no database itself', async () => {
    const stopped = await startServer();
    await signUpWithoutBrowser(stopped.baseUrl, 'later@example.com');
    expect(await stopped.stop()).toBe(0);
    const pidFile = path.join(stopped.dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(false);

    const res = await runAdmin(stopped.dataDir, 'grant', 'later@example.com');
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      'Start Foliowise first (npm start); the admin command uses its running database.',
    );
    expect(existsSync(pidFile)).toBe(false);
  });
});
