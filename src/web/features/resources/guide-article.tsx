import type { Guide, GuideBlock } from '../../../domain/guides';
import { GUIDE_DISCLAIMER, EDUCATIONAL_LINE } from '../../../domain/guides';

function Block({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'bullets':
      return (
        <ul className="flex list-disc flex-col gap-1.5 pl-5 marker:text-primary">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'steps':
      return (
        <ol className="flex list-decimal flex-col gap-1.5 pl-5 marker:font-semibold marker:text-primary">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'example':
      return (
        <figure className="rounded-lg border-l-4 border-primary bg-surface px-4 py-3">
          <figcaption className="font-semibold text-foreground">{block.title}</figcaption>
          <div className="mt-1 flex flex-col gap-1 text-sm tabular-nums">
            {block.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </figure>
      );
  }
}

/** The full text of a guide, from the same source as its PDF. Headings start at `level` (h3 by default). */
export function GuideArticle({ guide, headingLevel = 4 }: { guide: Guide; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="flex flex-col gap-6 text-base leading-relaxed text-foreground">
      <p className="text-sm text-muted-foreground italic">
        <span className="font-semibold not-italic">{EDUCATIONAL_LINE}.</span> {GUIDE_DISCLAIMER}
      </p>
      {guide.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-3">
          <Heading className="text-lg font-semibold text-primary">{section.heading}</Heading>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
      <section className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <Heading className="text-lg font-semibold text-primary">Key takeaways</Heading>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 marker:text-primary">
          {guide.keyTakeaways.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
