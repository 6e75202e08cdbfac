import { Bot } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { FREE_AI_ANALYSES_PER_MONTH } from '../../../domain/plans';
import { useConfig } from '../../lib/config';

/**
 * For the operator, not the consumer: whether this server has a language model, and what connecting one adds
 * (the consumer's pages only say who wrote the words they read).
 */
export function LanguageModelNote() {
  const config = useConfig();
  if (!config.data) return null;
  if (config.data.hasLanguageModel) {
    return (
      <Alert>
        <Bot aria-hidden="true" />
        <div>
          <AlertTitle>A language model is configured</AlertTitle>
          <AlertDescription>
            It words analyses, trading suggestions and advisor answers from the computed figures; free
            accounts have {FREE_AI_ANALYSES_PER_MONTH} AI analyses a month.
          </AlertDescription>
        </div>
      </Alert>
    );
  }
  return (
    <Alert variant="info">
      <Bot aria-hidden="true" />
      <div>
        <AlertTitle>No language model is configured</AlertTitle>
        <AlertDescription>
          Analyses, trading suggestions and advisor answers are written by rules from the computed figures,
          and no analysis is counted against a plan. Connecting a language model (<code>OPENAI_API_KEY</code>,
          and <code>OPENAI_BASE_URL</code> and <code>OPENAI_MODEL</code> for any OpenAI-compatible endpoint)
          adds narrative insights written from the same figures. The README explains each setting.
        </AlertDescription>
      </div>
    </Alert>
  );
}
