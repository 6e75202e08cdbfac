import type { ReactNode } from 'react';
import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * Questions as an accordion (WAI-ARIA pattern from Radix: buttons with aria-expanded inside headings,
 * regions labelled by their button, arrow-key navigation). Several answers may be open at once.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly FaqItem[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Accordion.Root
      type="multiple"
      className="divide-y divide-border rounded-xl border border-border bg-background"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header asChild>
            <Heading className="m-0">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left text-base font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring">
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 [&_a:hover]:underline">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
