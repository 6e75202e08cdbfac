import { Tooltip } from '../../components/ui/tooltip';
import { MaskedText } from '../../components/hide-values';

/** Terms the analysis texts name, each explained in plain words (shown on hover or focus). */
const GLOSSARY: Readonly<Record<string, string>> = {
  'effective number of holdings':
    'How many equal-sized holdings would spread your money as evenly as yours do. Ten holdings of 10% each count as 10; one big holding and a few small ones count as little more than 1.',
  'annualised volatility':
    'How much the value swings from day to day, scaled to a year. Higher means a bumpier ride.',
  'maximum drawdown': 'The largest fall from a high point to a later low point over the period.',
  'sharpe ratio':
    'The return above a risk-free rate (such as Treasury bills) for each unit of volatility. Higher means more return for the risk taken.',
  beta: 'How strongly the portfolio moved with the market (SPY): 1 moves with it, above 1 moves more, below 1 less.',
  'time-weighted return':
    'How the investments themselves did: money you added or took out, and when, does not change it. Comparable with a fund or an index.',
  'money-weighted return':
    'How your money did: money added just before a rise gains more, money added before a fall loses more (the internal rate of return).',
};

const TERM = new RegExp(`\\b(${Object.keys(GLOSSARY).join('|')})\\b`, 'gi');

/** An opening bracket right before a term, and punctuation right after it, stay on the term's line. */
const LEADING = /\($/;
const TRAILING = /^[).,;:]+/;

/** One paragraph: glossary terms get their tooltip, the rest is masked while values are hidden. */
function Sentence({ text }: { text: string }) {
  const parts = text.split(TERM);
  return (
    <>
      {parts.map((part, index) => {
        const isTerm = index % 2 === 1;
        const explanation = isTerm ? GLOSSARY[part.toLowerCase()] : undefined;
        if (!isTerm || !explanation) {
          // Text parts: without the bracket or punctuation that a neighbouring term keeps beside it.
          const start = index > 0 ? (TRAILING.exec(part)?.[0].length ?? 0) : 0;
          const end = index < parts.length - 1 && LEADING.test(part) ? part.length - 1 : part.length;
          // The parts of one fixed string never reorder, so their position is a stable key.
          return <MaskedText key={index} text={part.slice(start, end)} />;
        }
        const before = LEADING.test(parts[index - 1] ?? '') ? '(' : '';
        const after = TRAILING.exec(parts[index + 1] ?? '')?.[0] ?? '';
        return (
          <span key={index} className="whitespace-nowrap">
            {before}
            <Tooltip content={explanation}>
              <button
                type="button"
                className="cursor-help underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
              >
                {part}
              </button>
            </Tooltip>
            {after}
          </span>
        );
      })}
    </>
  );
}

/** An analysis text: short paragraphs (split on blank lines), with its terms explained in tooltips. */
export function AnalysisText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="flex flex-col gap-3 leading-relaxed">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          <Sentence text={paragraph} />
        </p>
      ))}
    </div>
  );
}
