import { useState } from 'react';
import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { ADVISOR_MESSAGES } from '../../../contracts/advisor';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Card, CardContent } from '../../components/ui/card';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { AdviceResult } from './advice-result';
import { AdvisorForm } from './advisor-form';
import { useAskAdvisor } from './ask-advisor';
import { RecentQuestions } from './recent-questions';

/** The advisor: form, the server's error or 'Failed to get financial advice' in a red alert, the advice. */
export function AdvisorPanel() {
  const ask = useAskAdvisor();
  const { user } = useSession();
  const [preset, setPreset] = useState<{ symbol: string; question: string; key: number }>();

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 content-start gap-6">
        <Card>
          <CardContent className="px-4 py-5 sm:px-6">
            <AdvisorForm isPending={ask.isPending} onAsk={(request) => ask.mutate(request)} preset={preset} />
          </CardContent>
        </Card>
        {ask.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <AlertDescription>{serverMessage(ask.error, ADVISOR_MESSAGES.failed)}</AlertDescription>
          </Alert>
        ) : null}
        {ask.data && !ask.isPending ? <AdviceResult advice={ask.data} /> : null}
      </div>
      <aside className="min-w-0">
        {user ? (
          <RecentQuestions
            onPick={(symbol, question) =>
              setPreset((last) => ({ symbol, question, key: (last?.key ?? 0) + 1 }))
            }
          />
        ) : (
          <Card>
            <CardContent className="px-4 py-4 text-sm text-muted-foreground">
              <Link href="/login" className="font-medium text-foreground underline underline-offset-4">
                Sign in
              </Link>{' '}
              to keep a list of your recent questions.
            </CardContent>
          </Card>
        )}
      </aside>
    </div>
  );
}
