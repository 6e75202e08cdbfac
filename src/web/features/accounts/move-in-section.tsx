import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Upload } from 'lucide-react';
import {
  MOVE_IN_LIMITS,
  MOVE_IN_MESSAGES,
  type MovedPortfolio,
  type MoveInSummary,
} from '../../../contracts/move-in';
import { ACCOUNT_TYPE_LABELS } from '../../../domain/portfolio-accounts';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FileField } from '../../components/ui/file-field';
import { serverMessage } from '../../lib/api-client';
import { useConfirmMoveIn, usePreviewMoveIn } from './move-in';
import { Section } from './settings-section';
import { onFirstUse } from '../../lib/on-first-use';

type Step =
  | { kind: 'choose' }
  | { kind: 'preview'; file: File; summary: MoveInSummary }
  | { kind: 'moved'; summary: MoveInSummary };

const count = onFirstUse(() => new Intl.NumberFormat('en-US'));
const plural = (n: number, one: string, many: string) => `${count().format(n)} ${n === 1 ? one : many}`;

/** What the file adds (or added), in one sentence. */
function totalsOf(summary: MoveInSummary): string {
  if (summary.nothingToMove) return MOVE_IN_MESSAGES.nothingToMove;
  const { accounts, clients } = summary.created;
  const parts = [
    accounts > 0 ? plural(accounts, 'account', 'accounts') : null,
    clients > 0 ? plural(clients, 'client', 'clients') : null,
  ].filter((part) => part !== null);
  const creates = parts.length > 0 ? `${summary.moved ? 'Created' : 'Creates'} ${parts.join(' and ')}; ` : '';
  const adds = `${summary.moved ? 'added' : 'adds'} ${plural(summary.activities, 'activity', 'activities')}`;
  const already = summary.duplicates > 0 ? `, ${count().format(summary.duplicates)} already here` : '';
  const sentence = `${creates}${adds}${already}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const ACTIONS: Record<MovedPortfolio['action'], { preview: string; moved: string; variant: BadgeVariant }> = {
  create: { preview: 'New', moved: 'Created', variant: 'secondary' },
  add: { preview: 'Adds to yours', moved: 'Added', variant: 'success' },
  unchanged: { preview: 'Already here', moved: 'Already here', variant: 'outline' },
  skip: { preview: 'Skipped', moved: 'Skipped', variant: 'warning' },
};

function kindOf(portfolio: MovedPortfolio): string {
  if (portfolio.kind === 'saved') return 'Your portfolio';
  if (portfolio.kind === 'client') return 'Client';
  return `${portfolio.accountType ? ACCOUNT_TYPE_LABELS[portfolio.accountType] : ''} account`.trim();
}

function PortfolioLine({ portfolio, moved }: { portfolio: MovedPortfolio; moved: boolean }) {
  const action = ACTIONS[portfolio.action];
  const figures = [
    portfolio.activities > 0
      ? `${plural(portfolio.activities, 'activity', 'activities')} ${moved ? 'added' : 'to add'}`
      : null,
    portfolio.duplicates > 0 ? `${count().format(portfolio.duplicates)} already here` : null,
    plural(portfolio.positions, 'position', 'positions'),
  ].filter((figure) => figure !== null);
  return (
    <li className="flex flex-col gap-1 border-b border-border py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 font-medium break-words">{portfolio.name}</span>
        <span className="text-sm text-muted-foreground">{kindOf(portfolio)}</span>
        <Badge variant={action.variant}>{moved ? action.moved : action.preview}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{figures.join(' · ')}</p>
      {portfolio.reason ? <p className="text-sm">{portfolio.reason}</p> : null}
      {portfolio.invalid.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-destructive">
            {plural(portfolio.invalid.length, 'activity', 'activities')} not moved
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {portfolio.invalid.map((row, i) => (
              <li key={i} className="break-words">
                {row.date} {row.type}: {row.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

function MoveInPlan({ summary }: { summary: MoveInSummary }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-medium">{totalsOf(summary)}</span>{' '}
        <span className="break-words text-muted-foreground">
          {summary.fileName}, saved {summary.exportedAt.slice(0, 10)}
        </span>
      </p>
      <ul aria-label="The portfolios of the file" className="rounded-md border border-border px-3">
        {summary.portfolios.map((portfolio) => (
          <PortfolioLine key={portfolio.from} portfolio={portfolio} moved={summary.moved} />
        ))}
      </ul>
      <details className="text-sm text-muted-foreground">
        <summary className="cursor-pointer">What does not move</summary>
        <ul className="mt-1 list-disc pl-5">
          {summary.leftOut.map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/**
 * 'Move in from another Foliowise' (issue 27 item 11): the file of 'Download my data' from another server, its
 * preview (what is created, added, already here or skipped, and why), then the move, all or nothing.
 */
export function MoveInSection() {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewMoveIn();
  const confirm = useConfirmMoveIn();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fileId = useId();
  const hintId = useId();

  // The preview's and the result's heading take the focus, so that a keyboard or screen reader reads on from there.
  useEffect(() => {
    if (step.kind !== 'choose') headingRef.current?.focus();
  }, [step.kind]);

  const choose = (event: FormEvent) => {
    event.preventDefault();
    preview.reset();
    const problem = !file
      ? 'Choose the file to move in'
      : file.size > MOVE_IN_LIMITS.maxBytes
        ? MOVE_IN_MESSAGES.tooLarge
        : null;
    setFileError(problem);
    if (!file || problem) return;
    preview.mutate(file, { onSuccess: (summary) => setStep({ kind: 'preview', file, summary }) });
  };

  const startOver = () => {
    preview.reset();
    confirm.reset();
    setFile(null);
    setStep({ kind: 'choose' });
  };

  return (
    <Section
      id="account-move-in"
      title="Move in from another Foliowise"
      description="Bring your saved portfolio, accounts, clients and their histories from the file 'Download my data' saved on another Foliowise server. You see what moves in before anything is saved; moving the same file twice adds nothing."
    >
      <div className="flex flex-col gap-4">
        <p role="status" className="sr-only">
          {step.kind === 'preview' ? `Preview ready. ${totalsOf(step.summary)}` : ''}
          {step.kind === 'moved' ? `Moved in. ${totalsOf(step.summary)}` : ''}
        </p>
        {step.kind === 'choose' ? (
          <form noValidate onSubmit={choose} className="flex max-w-xl flex-col gap-4">
            <p id={hintId} className="text-sm text-muted-foreground">
              The file foliowise-data-YYYY-MM-DD.json, up to {MOVE_IN_LIMITS.maxBytes / 1024 / 1024} MB.
            </p>
            <FileField
              id={fileId}
              label="Data file"
              accept=".json,application/json"
              hintId={hintId}
              error={fileError}
              onFile={(chosen) => {
                setFile(chosen);
                setFileError(null);
              }}
            />
            {preview.isError ? (
              <ErrorAlert message={serverMessage(preview.error, 'The file could not be read.')} />
            ) : null}
            <Button type="submit" variant="outline" disabled={preview.isPending} className="self-start">
              <Upload aria-hidden="true" />
              {preview.isPending ? 'Reading the file…' : 'Preview'}
            </Button>
          </form>
        ) : (
          <>
            <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold focus-visible:outline-none">
              {step.kind === 'preview' ? 'Check what moves in' : 'Moved in'}
            </h3>
            {step.kind === 'moved' ? (
              <p className="flex items-start gap-2 text-sm">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>Everything below is in your account now: its holdings have been worked out again.</span>
              </p>
            ) : null}
            <MoveInPlan summary={step.summary} />
            {confirm.isError ? (
              <ErrorAlert message={serverMessage(confirm.error, 'Nothing was moved in. Please try again.')} />
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={startOver}>
                {step.kind === 'preview' ? 'Choose another file' : 'Move in another file'}
              </Button>
              {step.kind === 'preview' && !step.summary.nothingToMove ? (
                <Button
                  disabled={confirm.isPending}
                  onClick={() =>
                    confirm.mutate(step.file, { onSuccess: (summary) => setStep({ kind: 'moved', summary }) })
                  }
                >
                  {confirm.isPending ? 'Moving in…' : 'Move in'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </Section>
  );
}
