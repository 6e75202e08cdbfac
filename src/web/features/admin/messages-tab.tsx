import { Check } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useContactMessages } from './get-messages';
import { useMarkMessageHandled } from './mark-message-handled';

/** Messages: what was sent with the /contact form, newest first; an admin marks one handled. */
export function MessagesTab() {
  const messages = useContactMessages();
  const markHandled = useMarkMessageHandled();
  if (messages.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="Loading messages" />
      </div>
    );
  }
  if (messages.isError) {
    return (
      <p role="alert" className="py-6 text-center text-destructive">
        The messages could not be loaded.
      </p>
    );
  }
  const list = messages.data.messages;
  if (list.length === 0) return <p className="py-10 text-center text-muted-foreground">No messages yet</p>;
  return (
    <ul aria-label="Contact messages" className="flex flex-col gap-3">
      {list.map((message) => (
        <li key={message.id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 font-medium break-words">
              {message.name}
              {message.company ? <span className="text-muted-foreground"> · {message.company}</span> : null}
            </p>
            {message.handledAt ? (
              <Badge variant="success">Handled {formatDateTime(message.handledAt)}</Badge>
            ) : (
              <Button
                variant="outline"
                size="sm"
                disabled={markHandled.isPending}
                onClick={() => markHandled.mutate({ messageId: message.id })}
              >
                <Check aria-hidden="true" />
                Mark as handled
              </Button>
            )}
          </div>
          <p className="text-sm break-all text-muted-foreground">
            <a href={`mailto:${message.email}`} className="text-primary underline-offset-4 hover:underline">
              {message.email}
            </a>{' '}
            · {formatDateTime(message.createdAt)}
          </p>
          <p className="text-sm whitespace-pre-line">{message.message}</p>
        </li>
      ))}
    </ul>
  );
}
