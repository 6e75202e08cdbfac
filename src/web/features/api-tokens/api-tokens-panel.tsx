import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { AlertCircle, Check, Copy, Crown, KeyRound, Trash2 } from 'lucide-react';
import type { User } from '../../../contracts/accounts';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPES,
  ZCreateApiTokenRequest,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiTokenResponse,
} from '../../../contracts/api-tokens';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, serverMessage } from '../../lib/api-client';
import { userHasFeature } from '../../lib/entitlement';
import { formatDateTime } from '../../lib/format';
import { useCreateApiToken } from './create-api-token';
import { useApiTokens } from './get-api-tokens';
import { useRevokeApiToken } from './revoke-api-token';

/** The 'Foliowise API' section of /api-settings: tokens for a Professional user, an upsell for anyone else. */
export function ApiTokensPanel({ user }: { user: User }) {
  if (!userHasFeature(user, 'api-access')) return <ApiAccessUpsell />;
  return <ApiTokensManager />;
}

function ApiAccessUpsell() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
          API access is part of the Professional plan
        </CardTitle>
        <CardDescription>
          Read your portfolio, its valuation, its analysis and your paper portfolios from your own scripts and
          spreadsheets with a personal API token.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Link
          href="/pricing"
          className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
        >
          Upgrade to Professional
        </Link>
        <Link
          href="/api-docs"
          className="inline-flex h-10 items-center justify-center rounded-md border border-input px-4 text-sm font-medium hover:bg-muted"
        >
          Read the API documentation
        </Link>
      </CardContent>
    </Card>
  );
}

function ApiTokensManager() {
  const [created, setCreated] = useState<CreatedApiTokenResponse | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <CreateTokenForm onCreated={setCreated} />
      {created ? <NewTokenNotice token={created} onDone={() => setCreated(null)} /> : null}
      <TokenList />
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiTokenResponse) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read:portfolio']);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiToken();

  function toggle(scope: ApiTokenScope, isChecked: boolean) {
    setScopes((current) =>
      isChecked ? [...current.filter((s) => s !== scope), scope] : current.filter((s) => s !== scope),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateApiTokenRequest.safeParse({ name, scopes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    create.mutate(
      { name: parsed.data.name, scopes: parsed.data.scopes },
      {
        onSuccess: (token) => {
          setName('');
          onCreated(token);
        },
        onError: (cause) => setError(serverMessage(cause, 'Could not create the token. Please try again.')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 shrink-0" aria-hidden="true" />
          Create an API token
        </CardTitle>
        <CardDescription>
          Send it as <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code> to the
          read API. See the{' '}
          <Link href="/api-docs" className="font-medium text-primary underline-offset-2 hover:underline">
            API documentation
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <div className="flex max-w-md flex-col gap-2">
            <Label htmlFor="api-token-name">Token name</Label>
            <Input
              id="api-token-name"
              value={name}
              maxLength={API_TOKEN_NAME_MAX}
              placeholder="e.g. Spreadsheet"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'api-token-error' : undefined}
            />
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">Scopes</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <div key={scope} className="flex items-start gap-3">
                <Checkbox
                  id={`api-token-scope-${scope}`}
                  checked={scopes.includes(scope)}
                  onCheckedChange={(state) => toggle(scope, state === true)}
                />
                <Label htmlFor={`api-token-scope-${scope}`} className="flex flex-col items-start gap-0.5">
                  <span className="font-mono text-sm">{scope}</span>
                  <span className="text-sm font-normal text-muted-foreground">
                    {API_TOKEN_SCOPE_DESCRIPTIONS[scope]}
                  </span>
                </Label>
              </div>
            ))}
          </fieldset>
          {error ? (
            <p id="api-token-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create token'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function NewTokenNotice({ token, onDone }: { token: CreatedApiTokenResponse; onDone: () => void }) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }
  return (
    <Alert variant="info" role="status">
      <Check aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-2">
        <AlertTitle>Token “{token.name}” created</AlertTitle>
        <AlertDescription>Copy it now: it is shown only once and cannot be shown again.</AlertDescription>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="new-api-token"
            className="min-w-0 rounded border border-border bg-background px-2 py-1.5 font-mono text-xs break-all text-foreground"
          >
            {token.token}
          </code>
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {copyState === 'copied' ? 'Copied' : 'Copy'}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onDone}>
              Done
            </Button>
          </div>
        </div>
        {copyState === 'failed' ? (
          <p className="text-sm">Copying is not allowed here: select the token and copy it yourself.</p>
        ) : null}
      </div>
    </Alert>
  );
}

function TokenList() {
  const tokens = useApiTokens();
  if (tokens.isPending) return <Skeleton className="h-24 rounded-xl" />;
  if (tokens.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <div className="flex flex-col gap-2">
          <AlertTitle>Could not load your API tokens</AlertTitle>
          <AlertDescription>{errorMessage(tokens.error, 'Please try again.')}</AlertDescription>
        </div>
      </Alert>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your API tokens</CardTitle>
      </CardHeader>
      <CardContent>
        {tokens.data.tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API tokens yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="API tokens">
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{token.name}</span>
          <span className="font-mono text-xs text-muted-foreground">fw_…{token.last4}</span>
        </p>
        <p className="flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="outline" className="font-mono">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-muted-foreground">
          Created {formatDateTime(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
        </p>
        {revoke.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(revoke.error, 'Could not revoke the token. Please try again.')}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        disabled={revoke.isPending}
        aria-label={`Revoke token ${token.name}`}
        onClick={() => revoke.mutate({ id: token.id })}
      >
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}
