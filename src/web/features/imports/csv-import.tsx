import { useId, useRef, useState, type DragEvent } from 'react';
import { FileUp, TriangleAlert } from 'lucide-react';
import {
  CSV_BROKERS,
  CSV_BROKER_LABELS,
  CSV_IMPORT_LIMITS,
  type CsvBroker,
  type CsvImportResponse,
} from '../../../contracts/imports';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCsvImport } from './import-api';
import type { ImportHandler } from './types';

const BROKER_OPTION_LABELS: Readonly<Record<CsvBroker, string>> = {
  ...CSV_BROKER_LABELS,
  generic: 'Other (generic CSV)',
};

const SKIPPED_SHOWN = 20;

/**
 * DESIGN.md deviation 6: a brokerage positions CSV export, read in the browser and sent to POST /api/import/csv.
 * The rows that did not become holdings are listed with their reasons. Signed in, `historyPortfolio` names the
 * portfolio whose history also records the file, with its costs (decision 038).
 */
export function CsvImport({
  defaultBroker,
  onImport,
  historyPortfolio,
}: {
  defaultBroker: CsvBroker;
  onImport: ImportHandler;
  historyPortfolio: string | null;
}) {
  const [broker, setBroker] = useState<CsvBroker>(defaultBroker);
  const [fileName, setFileName] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const csvImport = useCsvImport();
  const brokerId = useId();
  const fileId = useId();
  const hintId = useId();

  const importFile = async (file: File) => {
    setFileName(file.name);
    setReadError(null);
    setResult(null);
    csvImport.reset();
    if (file.size > CSV_IMPORT_LIMITS.maxChars * 4) {
      setReadError('The CSV file is too large (limit 1 MB).');
      return;
    }
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setReadError('The file could not be read. Export your positions as CSV and try again.');
      return;
    }
    csvImport.mutate(historyPortfolio ? { broker, csv, portfolio: historyPortfolio } : { broker, csv }, {
      onSuccess: (body) => {
        setResult(body);
        onImport(body.portfolio, 'csv');
      },
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importFile(file);
  };

  const error =
    readError ??
    (csvImport.isError ? serverMessage(csvImport.error, 'The CSV import failed. Please try again.') : null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={brokerId}>Exported from</Label>
        <Select value={broker} onValueChange={(value) => setBroker(value as CsvBroker)}>
          <SelectTrigger id={brokerId} className="sm:max-w-xs">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CSV_BROKERS.map((option) => (
              <SelectItem key={option} value={option}>
                {BROKER_OPTION_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-6 text-center transition-colors',
          isDragging && 'border-primary bg-primary-soft',
        )}
      >
        <FileUp className="size-6 text-primary" aria-hidden="true" />
        <label
          htmlFor={fileId}
          className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Choose a positions CSV file
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void importFile(file);
            event.target.value = '';
          }}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          or drop it here. The file is read in your browser and sent only to be converted into holdings (1 MB
          limit).
        </p>
        {fileName ? (
          <p className="max-w-full truncate text-xs text-foreground">
            <span className="sr-only">Selected file: </span>
            {fileName}
          </p>
        ) : null}
      </div>

      <div aria-live="polite" className="flex flex-col gap-3">
        {csvImport.isPending ? <Spinner label="Importing your CSV file" /> : null}
        {error ? (
          <Alert variant="destructive" role="alert">
            <TriangleAlert aria-hidden="true" />
            <div>
              <AlertTitle>Import Failed</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </div>
          </Alert>
        ) : null}
        {result ? <CsvImportResult result={result} /> : null}
      </div>
    </div>
  );
}

function CsvImportResult({ result }: { result: CsvImportResponse }) {
  const skipped = result.skipped;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm">
      <p className="font-medium text-success">{result.message}</p>
      {result.history ? <p className="text-muted-foreground">{result.history.message}</p> : null}
      {skipped.length > 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-muted-foreground">
            {skipped.length} {skipped.length === 1 ? 'row was' : 'rows were'} skipped:
          </p>
          <ul className="flex flex-col gap-1 text-xs">
            {skipped.slice(0, SKIPPED_SHOWN).map((row) => (
              <li key={`${row.row}-${row.reason}`}>
                <span className="font-medium">Row {row.row}:</span> {row.reason}
              </li>
            ))}
            {skipped.length > SKIPPED_SHOWN ? <li>and {skipped.length - SKIPPED_SHOWN} more</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
