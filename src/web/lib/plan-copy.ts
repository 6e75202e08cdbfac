import { MODEL_PLAN_COPY, type PlanCopy } from '../../domain/plans';
import { useConfig } from './config';
import { useIsHydrated } from './use-is-hydrated';

/**
 * The plan copy true on this server (src/domain/plans.ts): without a language model no plan sells AI analyses. The
 * spec's copy while the page is prerendered or hydrating and until GET /api/config answers. Apart from
 * lib/config.ts so that the plan table stays out of the entry chunk every page loads.
 */
export function usePlanCopy(): PlanCopy {
  const isHydrated = useIsHydrated();
  const config = useConfig();
  return isHydrated && config.data ? { hasLanguageModel: config.data.hasLanguageModel } : MODEL_PLAN_COPY;
}
