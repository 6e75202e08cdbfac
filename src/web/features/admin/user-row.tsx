import { useState } from 'react';
import { Ban, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminUser } from '../../../contracts/admin';
import { isPaidPlan, PAID_PLAN_IDS, PLANS } from '../../../domain/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useDeleteUser } from './delete-user';
import { formatJoined, planLabel, statusLabel } from './format';
import { useGrantPlan } from './grant-plan';
import { NativeSelect } from '../../components/ui/native-select';
import { useSetSuspended } from './suspend-user';
import { EmailAddress } from '../../components/email-address';

/** Spec 001 §2: a missing email shows 'No email' in the list. */
export function UserIdentity({ user }: { user: AdminUser }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{user.username || 'N/A'}</p>
      <p className="text-sm text-muted-foreground">
        {user.email ? <EmailAddress email={user.email} /> : 'No email'}
      </p>
    </div>
  );
}

export function PlanBadges({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge variant={isPaidPlan(user.subscription_plan) ? 'secondary' : 'outline'}>
        {planLabel(user.subscription_plan)}
      </Badge>
      {user.complimentary_plan ? <Badge variant="warning">Complimentary</Badge> : null}
      {user.suspended_at ? <Badge variant="destructive">Suspended</Badge> : null}
    </div>
  );
}

const GRANT_NONE = 'billing';

/** One user of the All Users tab, with the admin's actions. */
export function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const grant = useGrantPlan();
  const suspension = useSetSuspended();
  const remove = useDeleteUser();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const isBusy = grant.isPending || suspension.isPending || remove.isPending;
  const selectId = `grant-${user.id}`;

  return (
    <li className="grid gap-3 border-b border-border py-4 last:border-b-0 md:grid-cols-[minmax(0,1fr)_15rem] md:items-center lg:grid-cols-[minmax(0,1fr)_15rem_30rem]">
      <UserIdentity user={user} />
      <div className="flex flex-col gap-1">
        <PlanBadges user={user} />
        <p className="text-xs text-muted-foreground">
          Joined {formatJoined(user.created_at)} · {statusLabel(user.subscription_status)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 md:col-span-2 lg:col-span-1 lg:justify-end">
        <label htmlFor={selectId} className="sr-only">
          Plan of {user.email ?? user.username}
        </label>
        <NativeSelect
          id={selectId}
          className="w-56 max-w-full"
          value={user.complimentary_plan ?? GRANT_NONE}
          disabled={isBusy}
          onChange={(event) => {
            const value = event.target.value;
            grant.mutate({
              userId: user.id,
              plan: PAID_PLAN_IDS.find((plan) => plan === value) ?? null,
            });
          }}
        >
          <option value={GRANT_NONE}>Plan from billing</option>
          {PAID_PLAN_IDS.map((plan) => (
            <option key={plan} value={plan}>
              {`Complimentary ${PLANS[plan].name}`}
            </option>
          ))}
        </NativeSelect>
        {isSelf ? null : (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={isBusy}
              onClick={() => suspension.mutate({ userId: user.id, suspended: !user.suspended_at })}
            >
              {user.suspended_at ? <RotateCcw aria-hidden="true" /> : <Ban aria-hidden="true" />}
              {user.suspended_at ? 'Restore' : 'Suspend'}
            </Button>
            {isConfirmingDelete ? (
              <Button
                variant="destructive"
                size="sm"
                disabled={isBusy}
                onClick={() => remove.mutate({ userId: user.id })}
              >
                <Trash2 aria-hidden="true" />
                Confirm delete
              </Button>
            ) : (
              <Button variant="ghost" size="sm" disabled={isBusy} onClick={() => setConfirmingDelete(true)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}
