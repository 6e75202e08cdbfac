import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PASSWORD_MIN_LENGTH, ZSignupRequest } from '../../../contracts/accounts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { serverMessage } from '../../lib/api-client';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { CheckEmail } from './check-email';
import { FormErrorAlert, LabelledInput } from './form-parts';
import { useSignup } from './use-signup';

export interface SignupFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

type SignupField = keyof SignupFormValues;

export const SIGNUP_MESSAGES = {
  required: 'Please fill in all required fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 8 characters long',
  terms: 'Please accept the Terms of Service and Privacy Policy',
  failed: 'Registration failed. Please try again.',
} as const;

/**
 * Spec 001 §5, in the spec's order: required fields, matching passwords, length, then the terms; then the
 * contract schema (email format, maximum lengths). Returns the first problem, or null.
 */
export function validateSignup(values: SignupFormValues): { field: SignupField; message: string } | null {
  const required: SignupField[] = ['firstName', 'lastName', 'email', 'password'];
  const empty = required.find((field) => String(values[field]).trim() === '');
  if (empty) return { field: empty, message: SIGNUP_MESSAGES.required };
  if (values.password !== values.confirmPassword)
    return { field: 'confirmPassword', message: SIGNUP_MESSAGES.mismatch };
  if (values.password.length < PASSWORD_MIN_LENGTH)
    return { field: 'password', message: SIGNUP_MESSAGES.tooShort };
  if (!values.acceptTerms) return { field: 'acceptTerms', message: SIGNUP_MESSAGES.terms };
  const parsed = ZSignupRequest.safeParse(toRequest(values));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = (issue?.path[0] as SignupField | undefined) ?? 'email';
    return { field, message: issue?.message ?? SIGNUP_MESSAGES.failed };
  }
  return null;
}

function toRequest(values: SignupFormValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
  };
}

/**
 * Spec 001 "Signup": names, email, password twice, required terms. Success shows 'Check your email' (the link
 * signs in and goes to /app; README, deviations): the answer is the same for an email that has an account.
 */
export function SignupForm() {
  const signup = useSignup();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<SignupField | null>(null);
  const { register, handleSubmit, control, setFocus } = useForm<SignupFormValues>({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setInvalidField(null);
    const problem = validateSignup(values);
    if (problem) {
      setFormError(problem.message);
      setInvalidField(problem.field);
      setFocus(problem.field);
      return;
    }
    try {
      const sent = await signup.mutateAsync(ZSignupRequest.parse(toRequest(values)));
      setSentTo(sent.email);
    } catch (error) {
      setFormError(serverMessage(error, SIGNUP_MESSAGES.failed));
    }
  });

  const invalid = (field: SignupField) => (invalidField === field ? true : undefined);
  const isHydrated = useIsHydrated();

  if (sentTo !== null) return <CheckEmail email={sentTo} />;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-describedby={formError ? 'signup-error' : undefined}
    >
      {/* Disabled until hydrated: react-hook-form would clear what was typed, and Enter would submit the
          prerendered form natively (a GET, the passwords in the URL). */}
      <fieldset disabled={!isHydrated} className="flex min-w-0 flex-col gap-4">
        <FormErrorAlert id="signup-error" message={formError} />

        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledInput
            id="signup-first-name"
            label="First name"
            autoComplete="given-name"
            aria-invalid={invalid('firstName')}
            {...register('firstName')}
          />
          <LabelledInput
            id="signup-last-name"
            label="Last name"
            autoComplete="family-name"
            aria-invalid={invalid('lastName')}
            {...register('lastName')}
          />
        </div>

        <LabelledInput
          id="signup-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={invalid('email')}
          {...register('email')}
        />

        <LabelledInput
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          aria-invalid={invalid('password')}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...register('password')}
        />

        <LabelledInput
          id="signup-confirm-password"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          aria-invalid={invalid('confirmPassword')}
          {...register('confirmPassword')}
        />

        <div className="flex items-start gap-2">
          <Controller
            control={control}
            name="acceptTerms"
            render={({ field }) => (
              <Checkbox
                id="signup-terms"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                required
                aria-invalid={invalid('acceptTerms')}
                className="mt-0.5"
              />
            )}
          />
          <Label htmlFor="signup-terms" className="leading-snug font-normal">
            I agree to the{' '}
            <Link
              href="/terms"
              className="rounded-sm font-medium text-primary underline-offset-2 hover:underline"
            >
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link
              href="/privacy"
              className="rounded-sm font-medium text-primary underline-offset-2 hover:underline"
            >
              Privacy Policy
            </Link>
          </Label>
        </div>

        <Button type="submit" size="lg" disabled={signup.isPending} className="w-full">
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>

        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link href="/login" className="rounded-sm font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </fieldset>
    </form>
  );
}
