import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { ZLoginRequest } from '../../../contracts/accounts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { serverMessage } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { goToPath, returnPathFromSearch } from '../../lib/return-path';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { FormErrorAlert, LabelledInput } from './form-parts';
import { PasswordInput } from './password-input';
import { useDemoLogin } from './use-demo-login';
import { useLogin } from './use-login';

interface LoginFormValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

const REQUIRED_MESSAGE = 'Email and password are required';
const LOGIN_FAILED = 'Login failed. Please try again.';
const DEMO_FAILED = 'Could not start the demo. Please try again.';

/**
 * Spec 001 "Login": email, password (show/hide), Remember me, forgot-password and sign-up links. Once signed in
 * it goes to /app, or back to the page that sent the visitor here (`?next=/pricing`).
 */
export function LoginForm() {
  const [, navigate] = useLocation();
  const login = useLogin();
  const demo = useDemoLogin();
  const isHydrated = useIsHydrated();
  const { data: loadedConfig } = useConfig();
  // /login is prerendered without the config, which may be in the cache before the page hydrates.
  const config = isHydrated ? loadedConfig : undefined;
  const [formError, setFormError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<'email' | 'password' | null>(null);
  const { register, handleSubmit, control, setFocus } = useForm<LoginFormValues>({
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const isBusy = login.isPending || demo.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setInvalidField(null);
    const parsed = ZLoginRequest.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'password' ? 'password' : 'email';
      setFormError(issue?.message ?? REQUIRED_MESSAGE);
      setInvalidField(field);
      setFocus(field);
      return;
    }
    try {
      await login.mutateAsync(parsed.data);
      goToPath(returnPathFromSearch(window.location.search, '/app'), navigate);
    } catch (error) {
      setFormError(serverMessage(error, LOGIN_FAILED));
    }
  });

  const startDemo = () => {
    setFormError(null);
    setInvalidField(null);
    demo.mutate(undefined, {
      onSuccess: () => goToPath(returnPathFromSearch(window.location.search, '/app'), navigate),
      onError: (error) => setFormError(serverMessage(error, DEMO_FAILED)),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-describedby={formError ? 'login-error' : undefined}
      >
        {/* Disabled until hydrated: react-hook-form would clear what was typed, and Enter would submit the
            prerendered form natively (a GET, the password in the URL). */}
        <fieldset disabled={!isHydrated} className="flex min-w-0 flex-col gap-4">
          <FormErrorAlert id="login-error" message={formError} />

          <LabelledInput
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            aria-invalid={invalidField === 'email' || undefined}
            {...register('email')}
          />

          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between">
              <Label htmlFor="login-password">Password</Label>
              <Link
                href="/forgot-password"
                className="rounded-sm text-sm font-medium text-primary hover:underline"
              >
                Forgot password?
              </Link>
            </div>
            <PasswordInput
              id="login-password"
              autoComplete="current-password"
              aria-invalid={invalidField === 'password' || undefined}
              {...register('password')}
            />
          </div>

          <div className="flex items-center gap-2">
            <Controller
              control={control}
              name="rememberMe"
              render={({ field }) => (
                <Checkbox
                  id="login-remember-me"
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Label htmlFor="login-remember-me" className="font-normal">
              Remember me
            </Label>
          </div>

          <Button type="submit" size="lg" disabled={isBusy} className="w-full">
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </fieldset>
      </form>

      {config?.demoFeatures ? (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={startDemo}
            disabled={isBusy}
            className="w-full"
          >
            {demo.isPending ? 'Starting demo...' : 'Try the demo'}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            Opens a fresh demo account — no sign-up needed.
          </p>
        </div>
      ) : null}

      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link href="/signup" className="rounded-sm font-medium text-primary hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
