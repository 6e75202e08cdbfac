import type { AuditEntry } from '../../../contracts/admin';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useAuditLog } from './get-audit-log';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  plan_granted: 'Granted a complimentary plan',
  plan_grant_revoked: 'Revoked a complimentary plan',
  account_suspended: 'Suspended an account',
  account_restored: 'Restored an account',
  account_deleted: 'Deleted an account',
  message_handled: 'Marked a message handled',
  admin_role_granted: 'Made an administrator',
  admin_role_revoked: 'Removed an administrator',
};

/** Audit Log: who did what to whom, and when (newest first). */
export function AuditLogTab() {
  const log = useAuditLog();
  if (log.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="Loading the audit log" />
      </div>
    );
  }
  if (log.isError) {
    return (
      <p role="alert" className="py-6 text-center text-destructive">
        The audit log could not be loaded.
      </p>
    );
  }
  const entries = log.data.entries;
  if (entries.length === 0)
    return <p className="py-10 text-center text-muted-foreground">No admin actions yet</p>;
  return (
    <ol aria-label="Audit log" className="flex flex-col">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-0.5 border-b border-border py-3 last:border-b-0">
          <p className="text-sm">
            <span className="font-medium">{ACTION_LABELS[entry.action]}</span>
            {entry.targetEmail ? <span className="break-all"> · {entry.targetEmail}</span> : null}
          </p>
          {entry.detail ? <p className="text-sm text-muted-foreground">{entry.detail}</p> : null}
          <p className="text-xs break-all text-muted-foreground">
            by {entry.actorEmail} · {formatDateTime(entry.createdAt)}
          </p>
        </li>
      ))}
    </ol>
  );
}
