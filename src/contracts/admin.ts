import { z } from 'zod';
import { ADMIN_STATS_RANGES, DEFAULT_ADMIN_STATS_RANGE } from '../domain/admin/analytics';
import { PAID_PLAN_IDS } from '../domain/plans';
import { ZPlan } from './accounts';
import { text } from './text';

export const ZAdminStatsRange = z.enum(ADMIN_STATS_RANGES);

/** GET /api/admin/stats?range= (spec 001 §7; default 7d). */
export const ZAdminStatsQuery = z.object({
  range: z
    .enum(ADMIN_STATS_RANGES, { error: 'Range must be one of 7d, 30d, 90d, all' })
    .default(DEFAULT_ADMIN_STATS_RANGE),
});

/**
 * Spec 001 §3 "Admin user", plus what the admin's actions need. `email` is null for a demo account (its address
 * is a placeholder, not collected); `complimentary_plan` is an admin's grant, which overrides billing.
 */
export const ZAdminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  subscription_plan: ZPlan,
  subscription_status: z.string(),
  created_at: z.string().nullable(),
  complimentary_plan: z.enum(PAID_PLAN_IDS).nullable(),
  suspended_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

const ZCount = z.number().int().nonnegative();

/** Spec 001 §3 "Admin stats", with the change of each card over the range and the Analytics tab's figures. */
export const ZAdminStats = z.object({
  range: ZAdminStatsRange,
  /** Start of the range; null for 'all'. */
  since: z.string().nullable(),
  totalUsers: ZCount,
  totalEmails: ZCount,
  freeUsers: ZCount,
  premiumUsers: ZCount,
  professionalUsers: ZCount,
  /** Signups within the range, counted per card (by their plan now). */
  newInRange: z.object({
    totalUsers: ZCount,
    totalEmails: ZCount,
    freeUsers: ZCount,
    premiumUsers: ZCount,
    professionalUsers: ZCount,
  }),
  recentSignups: z.array(ZAdminUser),
  signupsPerDay: z.array(z.object({ date: z.string(), count: ZCount })),
  analytics: z.object({
    /** The conversion percentages and `mrrDollars` leave demo accounts out (decision 029). */
    freeToPremiumPercent: z.number(),
    premiumToProfessionalPercent: z.number(),
    emailCollectionPercent: z.number(),
    mrrDollars: z.number(),
    subscriptionMrrDollars: z.number(),
    activeSubscriptions: ZCount,
    complimentaryUsers: ZCount,
    /** Demo accounts, shown apart: every one, and those switched to each paid plan. */
    demoAccounts: z.object({ total: ZCount, premium: ZCount, professional: ZCount }),
    trialsStarted: ZCount,
    churned: ZCount,
    paperTrades: ZCount,
    activeUsers: ZCount,
    analysesRun: ZCount,
  }),
});
export type AdminStats = z.infer<typeof ZAdminStats>;

export const ADMIN_USER_SORTS = ['newest', 'oldest', 'plan'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

/**
 * The user search finds a part of an email or name of at least 3 characters: the trigram index holds parts of 3
 * (decision 029), so a shorter one would read every user.
 */
export const ADMIN_SEARCH_MIN_LENGTH = 3;
export const ADMIN_SEARCH_TOO_SHORT = `Search needs at least ${ADMIN_SEARCH_MIN_LENGTH} characters`;
/** A search counts its matches up to this many ('1,000+'): counting every match of 'example.com' reads all users. */
export const ADMIN_SEARCH_COUNT_CAP = 1000;

/** GET /api/admin/users: one page, newest first unless sorted otherwise, searched by email or name. */
export const ZAdminUsersQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: `Page size must be a whole number from 1 to ${ADMIN_USERS_MAX_PAGE_SIZE}` })
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_PAGE_SIZE)
    .default(25),
  search: text({ field: 'Search', max: 200, tooLong: 'Search is too long (200 characters at most)' })
    .refine((text) => text === '' || text.length >= ADMIN_SEARCH_MIN_LENGTH, ADMIN_SEARCH_TOO_SHORT)
    .optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: 'Sort must be one of newest, oldest, plan' }).default('newest'),
});
export type AdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUsersPage = z.object({
  users: z.array(ZAdminUser),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every user, or the matches of a search up to ADMIN_SEARCH_COUNT_CAP. */
  total: ZCount,
  /** A search matched more than ADMIN_SEARCH_COUNT_CAP users: `total` is the cap. */
  totalIsCapped: z.boolean(),
});
export type AdminUsersPage = z.infer<typeof ZAdminUsersPage>;

export const ZAdminUserParams = z.object({ id: z.uuid({ error: 'User not found' }) });

/** POST /api/admin/users/:id/plan: grant a plan free of charge, or `null` to revoke the grant. */
export const ZGrantPlanRequest = z.object({
  plan: z.enum(PAID_PLAN_IDS, { error: `Plan must be ${PAID_PLAN_IDS.join(' or ')}` }).nullable(),
});
export type GrantPlanRequest = z.infer<typeof ZGrantPlanRequest>;

export const ZAdminUserResponse = z.object({ user: ZAdminUser });

export const ADMIN_ACTIONS = [
  'plan_granted',
  'plan_grant_revoked',
  'account_suspended',
  'account_restored',
  'account_deleted',
  'message_handled',
  // Written by the operator command (`npm run admin -- grant|revoke`), actor 'operator command'.
  'admin_role_granted',
  'admin_role_revoked',
] as const;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actorEmail: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  targetEmail: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogResponse = z.object({ entries: z.array(ZAuditEntry) });

export const ZContactMessageEntry = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactMessageEntry = z.infer<typeof ZContactMessageEntry>;

export const ZContactMessagesResponse = z.object({ messages: z.array(ZContactMessageEntry) });

export const ZContactMessageParams = z.object({ id: z.uuid({ error: 'Message not found' }) });
export const ZContactMessageResponse = z.object({ message: ZContactMessageEntry });
