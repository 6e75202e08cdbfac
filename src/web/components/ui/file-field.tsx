import { Label } from './label';

/**
 * A labelled file chooser and its error (announced when it appears), described by a hint placed where the form
 * wants it (`hintId`) until there is an error: the import wizard's and the move-in's.
 */
export function FileField({
  id,
  label,
  accept,
  hintId,
  error,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  hintId: string;
  error: string | null;
  onFile: (file: File | null) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={error ? `${id}-error` : hintId}
        aria-invalid={error ? true : undefined}
        className="max-w-full rounded-md border border-input bg-background p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
