import { Link } from 'wouter';
import { CircleAlert, Info, Sparkles } from 'lucide-react';
import { AI_UNAVAILABLE_MESSAGE, ANALYSIS_LIMIT_CODE } from '../../../contracts/analysis';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorCode, errorMessage } from '../../lib/api-client';

export const ANALYSIS_FALLBACK_MESSAGE = 'Failed to analyze portfolio';

export interface AnalysisErrorProps {
  error: unknown;
  /** Which request failed: the AI analysis or the sample one. */
  mode: 'ai' | 'demo';
  onTrySample: () => void;
  isSampleRunning: boolean;
}

/**
 * Spec 000 §2, §8: AI unavailable (503 AI_UNAVAILABLE) is a blue notice offering 'Try Sample Analysis'; the free
 * allowance (403 ANALYSIS_LIMIT_REACHED) links to /pricing; anything else is a red alert with the message.
 */
export function AnalysisError({ error, mode, onTrySample, isSampleRunning }: AnalysisErrorProps) {
  const code = errorCode(error);
  if (mode === 'ai' && (code === 'AI_UNAVAILABLE' || code === 'SERVICE_UNAVAILABLE')) {
    return (
      <Alert variant="info" role="status">
        <Info aria-hidden="true" />
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <AlertTitle>{AI_UNAVAILABLE_MESSAGE}</AlertTitle>
            <AlertDescription>
              The AI service cannot write an analysis right now. You can still see a sample analysis of your
              portfolio, built from the same figures by fixed rules.
            </AlertDescription>
          </div>
          <Button size="sm" className="self-start" onClick={onTrySample} disabled={isSampleRunning}>
            {isSampleRunning ? <Spinner className="size-4 text-current" /> : <Sparkles aria-hidden="true" />}
            Try Sample Analysis
          </Button>
        </div>
      </Alert>
    );
  }
  if (code === ANALYSIS_LIMIT_CODE) {
    return (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <div className="flex flex-col gap-2">
          <AlertDescription>{errorMessage(error, ANALYSIS_FALLBACK_MESSAGE)}</AlertDescription>
          <Link href="/pricing" className="self-start font-semibold underline underline-offset-4">
            See plans and pricing
          </Link>
        </div>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <div className="flex flex-col gap-1">
        {mode === 'demo' ? <AlertTitle>Sample Portfolio Failed</AlertTitle> : null}
        <AlertDescription>{errorMessage(error, ANALYSIS_FALLBACK_MESSAGE)}</AlertDescription>
      </div>
    </Alert>
  );
}
