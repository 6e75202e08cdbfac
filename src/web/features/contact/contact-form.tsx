import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, CheckCircle2, Loader2, Send } from 'lucide-react';
import { z } from 'zod';
import { ZContactRequest, type ContactRequest } from '../../../contracts/billing';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError } from '../../components/ui/field-error';
import { Label } from '../../components/ui/label';
import { serverMessage } from '../../lib/api-client';
import { useSendContactMessage } from './send-contact-message';

type ContactValues = z.input<typeof ZContactRequest>;
const FIELDS = ['name', 'email', 'company', 'message'] as const;

/** The /contact form (Enterprise, 'Contact Sales', support): checked with the same schema the server parses with. */
export function ContactForm() {
  const id = useId();
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactValues, unknown, ContactRequest>({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { name: '', email: '', company: '', message: '' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onError: (error) => {
        const fields =
          error instanceof Error && 'fields' in error
            ? (error.fields as Record<string, string> | undefined)
            : undefined;
        for (const field of FIELDS) {
          const message = fields?.[field];
          if (message) setError(field, { message });
        }
      },
    }),
  );

  if (send.isSuccess) {
    return (
      <Alert variant="info" role="status">
        <CheckCircle2 aria-hidden="true" />
        <div>
          <AlertTitle>Thank you, we received your message</AlertTitle>
          <AlertDescription>We usually answer within one business day, by email.</AlertDescription>
        </div>
      </Alert>
    );
  }

  const fieldId = (field: (typeof FIELDS)[number]) => `${id}-${field}`;
  const errorId = (field: (typeof FIELDS)[number]) => `${id}-${field}-error`;
  const describedBy = (field: (typeof FIELDS)[number]) => (errors[field] ? errorId(field) : undefined);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      {send.isError && !(send.error instanceof Error && 'fields' in send.error && send.error.fields) ? (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>
            {serverMessage(send.error, 'Your message could not be sent. Please try again.')}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId('name')}>Name</Label>
          <Input
            id={fieldId('name')}
            autoComplete="name"
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            {...register('name')}
          />
          <FieldError id={errorId('name')} message={errors.name?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId('email')}>Email</Label>
          <Input
            id={fieldId('email')}
            type="email"
            autoComplete="email"
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            {...register('email')}
          />
          <FieldError id={errorId('email')} message={errors.email?.message} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId('company')}>
          Company <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={fieldId('company')}
          autoComplete="organization"
          aria-invalid={errors.company ? true : undefined}
          aria-describedby={describedBy('company')}
          {...register('company')}
        />
        <FieldError id={errorId('company')} message={errors.company?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId('message')}>Message</Label>
        <textarea
          id={fieldId('message')}
          rows={6}
          aria-required="true"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
          {...register('message')}
        />
        <FieldError id={errorId('message')} message={errors.message?.message} />
      </div>
      <Button type="submit" size="lg" className="self-start" disabled={send.isPending}>
        {send.isPending ? (
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Send Message
      </Button>
    </form>
  );
}
