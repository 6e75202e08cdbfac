/** Every alerts and snapshots query key starts with `alertsRootKey`: generating a snapshot refreshes them all (spec 000 §4). */
export const alertsRootKey = ['alerts'] as const;
