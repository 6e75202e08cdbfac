import { History } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useAdviceHistory } from './get-advice-history';

/** A signed-in user's recent questions; picking one fills the form again. */
export function RecentQuestions({ onPick }: { onPick: (symbol: string, question: string) => void }) {
  const history = useAdviceHistory(true);
  const questions = history.data?.questions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <History className="size-4" aria-hidden="true" />
          Recent questions
        </CardTitle>
      </CardHeader>
      <CardContent>
        {questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {history.isPending ? 'Loading…' : 'Your questions will appear here.'}
          </p>
        ) : (
          <ul className="grid gap-2">
            {questions.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onPick(item.symbol, item.question)}
                  className="w-full rounded-md border border-border p-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex flex-wrap items-center justify-between gap-x-2">
                    <span className="font-semibold">{item.symbol}</span>
                    <span className="text-xs text-muted-foreground capitalize">{item.action}</span>
                  </span>
                  <span className="mt-0.5 line-clamp-2 break-words">{item.question}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">
                    {formatDateTime(item.askedAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
