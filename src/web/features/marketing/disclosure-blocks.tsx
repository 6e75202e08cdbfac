import type { DisclosureBlock } from './compliance';

/** Paragraphs and bullet lists of a disclosure, as text. */
export function DisclosureBlocks({ blocks }: { blocks: readonly DisclosureBlock[] }) {
  return (
    <div className="flex flex-col gap-3 text-base leading-relaxed text-foreground">
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : (
          <ul key={index} className="flex list-disc flex-col gap-2 pl-5 marker:text-primary">
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
