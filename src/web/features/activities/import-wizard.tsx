import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { CheckCircle2, Upload } from 'lucide-react';
import {
  ACTIVITY_IMPORT_MESSAGES,
  type ImportConfirmResponse,
  type ImportPreview,
  type ImportPreviewResponse,
} from '../../../contracts/activity-imports';
import type { ColumnMapping } from '../../../domain/activity-import/column-mapper';
import { ACTIVITY_IMPORT_LIMITS } from '../../../domain/activity-import/format';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FileField } from '../../components/ui/file-field';
import { serverMessage } from '../../lib/api-client';
import { DialogCloseButton } from './dialog-close-button';
import { useConfirmImport, usePreviewImport, useUndoImport } from './import-activities';
import { ImportColumnMapper } from './import-column-mapper';
import { ImportPreviewTables } from './import-preview';
import { onFirstUse } from '../../lib/on-first-use';

type MappingNeeded = Extract<ImportPreviewResponse, { kind: 'mapping-needed' }>;

/** The latest import confirmed in this view, and the file it came from. */
export type LastImport = ImportConfirmResponse & { fileName: string };

/** Where the wizard is: each step keeps what the next one needs. */
type Step =
  | { kind: 'choose' }
  | { kind: 'mapping'; file: File; needed: MappingNeeded }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'imported'; preview: ImportPreview; result: ImportConfirmResponse }
  | { kind: 'undone'; deleted: number };

const HEADINGS: Record<Step['kind'], string> = {
  choose: 'Choose a file',
  mapping: 'Match the columns',
  preview: 'Check the rows',
  imported: 'Imported',
  undone: 'Import undone',
};

const count = onFirstUse(() => new Intl.NumberFormat('en-US'));
const activities = (n: number) => `${count().format(n)} ${n === 1 ? 'activity' : 'activities'}`;
const LIMITS = `up to ${ACTIVITY_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${count().format(ACTIVITY_IMPORT_LIMITS.maxRows)} rows`;

/** What the live region says once a step is reached, for a screen reader that did not see it change. */
function announcementOf(step: Step): string {
  switch (step.kind) {
    case 'choose':
      return '';
    case 'mapping':
      return 'This file needs its columns matched.';
    case 'preview': {
      const { rows, errors, duplicates } = step.preview;
      return `Preview ready: ${activities(rows.length)} to import, ${count().format(errors.length)} not used, ${count().format(duplicates.length)} already saved.`;
    }
    case 'imported':
      return `${activities(step.result.imported)} imported.`;
    case 'undone':
      return `Import undone: ${activities(step.deleted)} removed.`;
  }
}

/** The steps, from the file to the result; unmounted when the dialog closes, so each opening starts afresh. */
function ImportWizardSteps({
  portfolio,
  onClose,
  onImportChange,
}: {
  portfolio: string;
  onClose: () => void;
  onImportChange: (last: LastImport | null) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const previewImport = usePreviewImport(portfolio);
  const confirmImport = useConfirmImport(portfolio);
  const undoImport = useUndoImport(portfolio);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fileId = useId();
  const hintId = useId();

  // Each step's heading takes the focus, so that a keyboard or screen reader starts reading there.
  useEffect(() => headingRef.current?.focus(), [step.kind]);

  const sendPreview = (chosen: File, mapping?: ColumnMapping) =>
    previewImport.mutate(
      { file: chosen, mapping },
      {
        onSuccess: (answer) =>
          setStep(
            answer.kind === 'preview'
              ? { kind: 'preview', preview: answer }
              : { kind: 'mapping', file: chosen, needed: answer },
          ),
      },
    );

  const choose = (event: FormEvent) => {
    event.preventDefault();
    previewImport.reset();
    if (!file) {
      setFileError('Choose a file to import');
      return;
    }
    if (file.size > ACTIVITY_IMPORT_LIMITS.maxBytes) {
      setFileError(`${ACTIVITY_IMPORT_MESSAGES.tooLarge} ${ACTIVITY_IMPORT_MESSAGES.limits}`);
      return;
    }
    setFileError(null);
    sendPreview(file);
  };

  const startOver = () => {
    previewImport.reset();
    confirmImport.reset();
    undoImport.reset();
    setFile(null);
    setStep({ kind: 'choose' });
  };

  const previewError = previewImport.isError
    ? serverMessage(previewImport.error, 'The file could not be read.')
    : null;

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold focus-visible:outline-none">
        {HEADINGS[step.kind]}
      </h3>
      <p role="status" className="sr-only">
        {announcementOf(step)}
      </p>

      {step.kind === 'choose' ? (
        <form noValidate onSubmit={choose} className="flex flex-col gap-4">
          <p id={hintId} className="text-sm text-muted-foreground">
            A transaction history exported by Charles Schwab, Fidelity, Vanguard, E*TRADE, Robinhood or
            Interactive Brokers, Ghostfolio (CSV or JSON), Wealthfolio, or any other CSV whose columns you
            match once. A file may hold {LIMITS}. Nothing is saved until you confirm.
          </p>
          <FileField
            id={fileId}
            label="File"
            accept=".csv,.json,.txt,text/csv,application/json"
            hintId={hintId}
            error={fileError}
            onFile={(chosen) => {
              setFile(chosen);
              setFileError(null);
            }}
          />
          {previewError ? <ErrorAlert message={previewError} /> : null}
          <Button type="submit" disabled={previewImport.isPending} className="self-start">
            {previewImport.isPending ? 'Reading the file…' : 'Preview'}
          </Button>
        </form>
      ) : null}

      {step.kind === 'mapping' ? (
        <>
          <p className="text-sm text-muted-foreground">
            {step.needed.message} Foliowise remembers your choice for files with these columns.
          </p>
          {previewError ? <ErrorAlert message={previewError} /> : null}
          <ImportColumnMapper
            needed={step.needed}
            isSending={previewImport.isPending}
            onSubmit={(mapping) => sendPreview(step.file, mapping)}
          />
          <Button variant="ghost" className="self-start" onClick={startOver}>
            Choose another file
          </Button>
        </>
      ) : null}

      {step.kind === 'preview' ? (
        <>
          <p className="text-sm">
            <span className="font-medium">{step.preview.label}</span>
            <span className="text-muted-foreground"> · {step.preview.fileName}</span>
          </p>
          <ImportPreviewTables preview={step.preview} />
          {step.preview.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{ACTIVITY_IMPORT_MESSAGES.nothingToImport}</p>
          ) : null}
          {confirmImport.isError ? (
            <ErrorAlert message={serverMessage(confirmImport.error, 'The import could not be saved.')} />
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={startOver}>
              Choose another file
            </Button>
            {step.preview.rows.length > 0 ? (
              <Button
                disabled={confirmImport.isPending}
                onClick={() => {
                  const { preview } = step;
                  confirmImport.mutate(preview.importId, {
                    onSuccess: (result) => {
                      setStep({ kind: 'imported', preview, result });
                      onImportChange({ ...result, fileName: preview.fileName });
                    },
                  });
                }}
              >
                {confirmImport.isPending ? 'Importing…' : `Import ${activities(step.preview.rows.length)}`}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}

      {step.kind === 'imported' ? (
        <>
          <p className="flex items-start gap-2 text-sm">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>
              {activities(step.result.imported)} imported from {step.preview.fileName}
              {step.result.duplicates > 0
                ? `; ${count().format(step.result.duplicates)} already saved were skipped.`
                : '.'}{' '}
              The holdings have been worked out again.
            </span>
          </p>
          {undoImport.isError ? (
            <ErrorAlert message={serverMessage(undoImport.error, 'The import could not be undone.')} />
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              disabled={undoImport.isPending}
              onClick={() =>
                undoImport.mutate(step.result.importId, {
                  onSuccess: ({ deleted }) => {
                    setStep({ kind: 'undone', deleted });
                    onImportChange(null);
                  },
                })
              }
            >
              {undoImport.isPending ? 'Undoing…' : 'Undo import'}
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </>
      ) : null}

      {step.kind === 'undone' ? (
        <>
          <p className="text-sm">
            {activities(step.deleted)} removed: the history is as it was before the import.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={startOver}>
              Import another file
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * 'Import activities' and its wizard (issue 27 items 5 and 8): a file, its preview (or the column mapper first for
 * a CSV no format recognises), the confirmation, and the undo. Not offered for a read-only portfolio.
 */
export function ImportWizard({
  portfolio,
  onImportChange,
}: {
  portfolio: string;
  /** The import just confirmed (its undo stays offered once the dialog is closed), or null once undone. */
  onImportChange: (last: LastImport | null) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="shrink-0">
          <Upload aria-hidden="true" />
          Import activities
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          // The step's heading takes the focus itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-background p-4 shadow-xl focus-visible:outline-none sm:p-6"
        >
          <Dialog.Title className="pr-8 text-lg font-semibold">Import activities</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            Add a broker's or another tracker's history to this portfolio in one step, and undo it if it is
            not right.
          </Dialog.Description>
          <ImportWizardSteps
            portfolio={portfolio}
            onClose={() => setOpen(false)}
            onImportChange={onImportChange}
          />
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The latest import, under the Activity heading once the wizard is closed: what it added and its undo. The
 * result of the undo is announced; a refusal (a later sale needs the imported shares) shows the server's reason.
 */
export function LastImportNotice({
  portfolio,
  lastImport,
  onDone,
}: {
  portfolio: string;
  lastImport: LastImport;
  onDone: () => void;
}) {
  const undoImport = useUndoImport(portfolio);
  const [deleted, setDeleted] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 px-3 py-2">
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm">
          {deleted === null
            ? `${activities(lastImport.imported)} imported from ${lastImport.fileName}.`
            : `Import undone: ${activities(deleted)} removed.`}
        </p>
        {deleted === null ? (
          <Button
            size="sm"
            variant="outline"
            disabled={undoImport.isPending}
            onClick={() =>
              undoImport.mutate(lastImport.importId, { onSuccess: (answer) => setDeleted(answer.deleted) })
            }
          >
            {undoImport.isPending ? 'Undoing…' : 'Undo import'}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Dismiss
        </Button>
      </div>
      {undoImport.isError ? (
        <ErrorAlert message={serverMessage(undoImport.error, 'The import could not be undone.')} />
      ) : null}
    </div>
  );
}
