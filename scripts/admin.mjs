// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: sets an account's stored role on the
// RUNNING database: DATABASE_URL's, or else the embedded PostgreSQL of DATA_DIR (its port from postmaster.pid).
// It never starts, stops or recovers the embedded server: that belongs to the app alone. A change is written to
// the admin audit log in the same transaction (actor 'operator command', the nil uuid as its id). A grant is the
// operator's word for the account as it is, its password too: it marks that password proven
// (password_proven_at), which ADMIN_EMAILS also needs, until the password is changed in settings.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The audit log's actor for this command: no account does it, the operator on the server does. */
const OPERATOR_ACTOR_ID = '00000000-0000-0000-0000-000000000000';
const OPERATOR_ACTOR_EMAIL = 'operator command';
const NOT_RUNNING = 'Start Foliowise first (npm start); the admin command uses its running database.';
const USAGE = 'Usage: npm run admin -- grant <email>  |  npm run admin -- revoke <email>';

function fail(message) {
  console.error(message);
  process.exit(1);
}

const setting = (name) => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether pid is a postgres server (where /proc exists; elsewhere a live pid is taken as one). */
function isPostgres(pid) {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self')) return true;
  try {
    return readFileSync(cmdline, 'utf8').split('\0')[0].endsWith('postgres');
  } catch {
    return false;
  }
}

/** The connection string of the embedded server the app runs for DATA_DIR, or undefined when none runs. */
function embeddedDatabaseUrl(dataDir) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return undefined;
  // postmaster.pid: line 1 the pid, line 4 the port.
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  if (!isAlive(pid) || !isPostgres(pid)) return undefined;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/foliowise`;
}

const [action, email, ...rest] = process.argv.slice(2);
if (!['grant', 'revoke'].includes(action) || !email || rest.length > 0) fail(USAGE);

const databaseUrl =
  setting('DATABASE_URL') ?? embeddedDatabaseUrl(path.resolve(setting('DATA_DIR') ?? './data'));
if (!databaseUrl) fail(NOT_RUNNING);

const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
try {
  await client.connect();
} catch (error) {
  fail(setting('DATABASE_URL') ? `Cannot connect to DATABASE_URL: ${error.message}` : NOT_RUNNING);
}
try {
  const role = action === 'grant' ? 'admin' : 'user';
  await client.query('begin');
  const { rows } = await client.query(
    `update "user" u set role = $1,
       password_proven_at = case when $1 = 'admin' then coalesce(u.password_proven_at, now())
                                 else u.password_proven_at end
     from (select id, role from "user" where lower(email) = lower($2) for update) before
     where u.id = before.id
     returning u.id, u.email, before.role as previous`,
    [role, email.trim()],
  );
  const [row] = rows;
  if (row && row.previous !== role) {
    await client.query(
      `insert into admin_audit_log (actor_id, actor_email, action, target_user_id, target_email, detail)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        OPERATOR_ACTOR_ID,
        OPERATOR_ACTOR_EMAIL,
        role === 'admin' ? 'admin_role_granted' : 'admin_role_revoked',
        row.id,
        row.email,
        `Role ${row.previous} -> ${role} (npm run admin -- ${action})`,
      ],
    );
  }
  await client.query('commit');
  if (!row) fail(`No account with the email ${email}.`);
  if (row.previous === role) console.log(`${row.email} already had the role ${role}; nothing changed.`);
  else console.log(`${row.email}: role ${row.previous} -> ${role}.`);
  const listed = (setting('ADMIN_EMAILS') ?? '').split(',').map((e) => e.trim().toLowerCase());
  if (role === 'user' && listed.includes(row.email.toLowerCase())) {
    console.log(
      'Note: this email is in ADMIN_EMAILS, so it stays admin while verified with a proven password; remove it there too.',
    );
  }
} finally {
  await client.end();
}
