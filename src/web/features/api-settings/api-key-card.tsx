import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { ZSaveApiKeyRequest, type ApiKeyEntry } from '../../../contracts/api-settings';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { serverMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { ApiKeyInput } from './api-key-input';
import { useRemoveApiKey } from './remove-api-key';
import { useSaveApiKey } from './save-api-key';
import { useTestApiKey } from './test-api-key';

/** How long 'API key saved' stays (spec 001 §9). */
export const SAVED_MESSAGE_MS = 3000;

/** One vendor: its free tier, the masked saved key, and Save / Test / Remove. */
export function ApiKeyCard({ entry }: { entry: ApiKeyEntry }) {
  const { vendor, name, freeTier, configured, maskedKey } = entry;
  const inputId = `api-key-${vendor}`;
  const errorId = `${inputId}-error`;
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSavedVisible, setIsSavedVisible] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const save = useSaveApiKey();
  const remove = useRemoveApiKey();
  const test = useTestApiKey();

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const isEmpty = apiKey.trim() === '';
  const isBusy = save.isPending || remove.isPending;

  function showSaved() {
    clearTimeout(savedTimer.current);
    setIsSavedVisible(true);
    savedTimer.current = setTimeout(() => setIsSavedVisible(false), SAVED_MESSAGE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isEmpty || save.isPending) return;
    const parsed = ZSaveApiKeyRequest.safeParse({ apiKey });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid API key');
      return;
    }
    setError(null);
    test.reset();
    save.mutate(
      { vendor, apiKey: parsed.data.apiKey },
      {
        onSuccess: () => {
          // The key leaves the page once saved: only the masked form is shown from now on.
          setApiKey('');
          showSaved();
        },
        onError: (cause) => setError(serverMessage(cause, 'Could not save the API key. Please try again.')),
      },
    );
  }

  function onRemove() {
    setError(null);
    test.reset();
    setIsSavedVisible(false);
    remove.mutate(
      { vendor },
      {
        onError: (cause) => setError(serverMessage(cause, 'Could not remove the API key. Please try again.')),
      },
    );
  }

  function onTest() {
    setError(null);
    const typed = apiKey.trim();
    if (typed) {
      const parsed = ZSaveApiKeyRequest.safeParse({ apiKey: typed });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Please enter a valid API key');
        return;
      }
    }
    test.mutate({ vendor, apiKey: typed || undefined });
  }

  const testMessage = test.isPending
    ? 'Testing…'
    : test.data
      ? test.data.message
      : test.error
        ? serverMessage(test.error, 'Could not test the API key. Please try again.')
        : '';
  const isTestOk = test.data?.ok === true && !test.isPending;

  return (
    <Card role="group" className="flex flex-col" aria-labelledby={`${inputId}-title`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`${inputId}-title`} className="flex items-center gap-2">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            {name}
          </CardTitle>
          <Badge variant={configured ? 'success' : 'outline'}>{configured ? 'Configured' : 'Not set'}</Badge>
        </div>
        <CardDescription>
          Free tier: <span className="font-medium text-foreground">{freeTier}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          {configured && maskedKey ? (
            <>
              Saved key: <span className="font-mono text-foreground">{maskedKey}</span>
            </>
          ) : (
            'No key saved. Foliowise uses the free sources without one.'
          )}
        </p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>{name} API key</Label>
            <ApiKeyInput
              id={inputId}
              name="apiKey"
              value={apiKey}
              placeholder={configured ? 'Enter a new key to replace it' : 'Paste your API key'}
              onChange={(event) => {
                setApiKey(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              maxLength={200}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={isEmpty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              variant="outline"
              onClick={onTest}
              disabled={(isEmpty && !configured) || test.isPending || isBusy}
            >
              Test
            </Button>
            {configured ? (
              <Button variant="ghost" onClick={onRemove} disabled={isBusy} className="text-destructive">
                {remove.isPending ? 'Removing…' : 'Remove'}
              </Button>
            ) : null}
          </div>
        </form>
        <div className="flex min-h-5 flex-col gap-1 text-sm">
          <p role="status" className="font-medium text-success">
            {isSavedVisible ? (
              <span className="inline-flex items-center gap-1.5">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                API key saved
              </span>
            ) : null}
          </p>
          <p
            role="status"
            className={cn(
              isTestOk
                ? 'text-success'
                : test.data || test.error
                  ? 'text-destructive'
                  : 'text-muted-foreground',
            )}
          >
            {testMessage}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
