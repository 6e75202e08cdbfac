import type { ComponentProps, ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** The form-level error both account forms show above their fields; `id` is what the form's aria-describedby names. */
export function FormErrorAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert" id={id}>
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

type LabelledInputProps = ComponentProps<typeof Input> & { id: string; label: string; hint?: ReactNode };

/** A required text input under its label, with an optional hint the input is described by. */
export function LabelledInput({ id, label, hint, ...inputProps }: LabelledInputProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-required="true" aria-describedby={hintId} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
