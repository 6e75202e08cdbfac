import { FEATURES } from '../feature-list';
import type { Services } from '../services';
import type { JobDefinition } from './job';

/**
 * Every scheduled job of the app: each module lists its own in its manifest (src/server/feature.ts), run with
 * the module's context; a new job is one entry there.
 */
export function appJobs(services: Pick<Services, 'features'>): JobDefinition[] {
  return services.features.flatMap((feature) => feature.jobs);
}

/**
 * The names of the jobs every instance runs, read from the manifests (no context needed): those the operator turns
 * on by configuration (`isOn`, the nightly backup) are left out.
 */
export const APP_JOB_NAMES: readonly string[] = FEATURES.flatMap((feature) =>
  (feature.jobs ?? []).filter((job) => !job.isOn).map((job) => job.name),
);
