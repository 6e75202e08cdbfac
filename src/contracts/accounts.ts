import { z } from 'zod';
import { storableText } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PLANS = ['free', 'premium', 'professional'] as const;
export const ZPlan = z.enum(PLANS);
export type Plan = z.infer<typeof ZPlan>;

export const ZRole = z.enum(['user', 'admin']);
export type Role = z.infer<typeof ZRole>;

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  /** The part of the email before the @ (spec 000 §3). */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  plan: ZPlan,
  subscriptionStatus: z.string(),
});
export type User = z.infer<typeof ZUser>;

/** Control characters (NUL above all, which PostgreSQL text refuses) never belong in a name or an email. */
const hasNoControlCharacters = (value: string) =>
  ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

/** Signup (spec 001 §5): the first message covers any empty required field. */
export const ZSignupRequest = z.strictObject({
  firstName: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(100, 'First name is too long')
    .refine(hasNoControlCharacters, 'First name contains characters that are not allowed')
    .pipe(storableText('First name')),
  lastName: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(100, 'Last name is too long')
    .refine(hasNoControlCharacters, 'Last name contains characters that are not allowed')
    .pipe(storableText('Last name')),
  email: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .pipe(email),
  password: z
    .string({ error: 'Please fill in all required fields' })
    .min(1, 'Please fill in all required fields')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
    .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters long'),
});
export type SignupRequest = z.infer<typeof ZSignupRequest>;

/** Login (spec 000 §5): both fields required, 'Email and password are required'. */
export const ZLoginRequest = z.strictObject({
  email: z
    .string({ error: 'Email and password are required' })
    .trim()
    .min(1, 'Email and password are required')
    .max(254, 'Email is too long')
    .refine(hasNoControlCharacters, 'Please enter a valid email address'),
  password: z
    .string({ error: 'Email and password are required' })
    .min(1, 'Email and password are required')
    .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters long'),
  /** 'Remember me': a persistent cookie and a longer absolute lifetime. */
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthUserResponse = z.object({ user: ZUser });
export type AuthUserResponse = z.infer<typeof ZAuthUserResponse>;

/** GET /api/auth/me, the session probe: a visitor is not an error, so no session answers 200 `{ user: null }`. */
export const ZSessionResponse = z.object({ user: ZUser.nullable() });
export type SessionResponse = z.infer<typeof ZSessionResponse>;
