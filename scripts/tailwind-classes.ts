/**
 * The Tailwind classes the web app's source can hand to `cn` (src/web/lib/cn.ts), and the tailwind-merge class
 * group each falls in: what scripts/generate-tailwind-merge-config.ts keeps of tailwind-merge's default config,
 * and what tailwind-merge-config.test.ts compares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTailwindMerge, twMerge, type Config } from 'tailwind-merge';

const WEB_SOURCE = join(import.meta.dirname, '..', 'src', 'web');
/** The config written from these classes (relative to src/web): its words are tailwind-merge's, not the app's. */
export const TAILWIND_MERGE_CONFIG = 'lib/tailwind-merge-config.ts';

type AnyConfig = Config<string, string>;

/**
 * Every word of every .ts and .tsx file of src/web but the config (split at white space and quotes, as
 * Tailwind's own scanner finds its candidates) that tailwind-merge's full default config takes for a Tailwind
 * class: it merges a class given twice into one, and leaves a word it does not know as it is. Without variants
 * or `!` (`md:hover:px-2` -> `px-2`): merging depends on the variants the same way whatever the config.
 */
export function webClassNames(): string[] {
  const words = new Set<string>();
  for (const file of readdirSync(WEB_SOURCE, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.replaceAll('\\', '/') === TAILWIND_MERGE_CONFIG) continue;
    for (const word of readFileSync(join(WEB_SOURCE, file), 'utf8').split(/[\s'"`]+/)) words.add(word);
  }
  const classNames = [...words].filter((word) => word !== '' && twMerge(`${word} ${word}`) === word);
  return [...new Set(classNames.map(baseClassName))].sort();
}

/**
 * The class without its variants or `!`. A `:` inside brackets or parentheses (`supports-[display:grid]:grid`)
 * belongs to an arbitrary value, not a variant.
 */
function baseClassName(className: string): string {
  let depth = 0;
  let lastVariantColon = -1;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) lastVariantColon = index;
  }
  return className.slice(lastVariantColon + 1).replace(/^!|!$/g, '');
}

/**
 * The class group `config` puts each class in (undefined: none, the class is left as it is). tailwind-merge does
 * not say, so every group gets a made-up class of its own and conflicts between groups are left out: a class is
 * then dropped before a list of made-up classes exactly when its group's is in the list, and halving the list
 * finds it. An arbitrary property (`[overflow-wrap:anywhere]`) is its own group whatever the config: left out.
 */
export function classGroupsOf(
  config: AnyConfig,
  classNames: readonly string[],
): Map<string, string | undefined> {
  const groupIds = Object.keys(config.classGroups);
  const probe = (index: number) => `tailwind-merge-probe-${index}`;
  const merge = createTailwindMerge(() => ({
    ...config,
    classGroups: Object.fromEntries(
      groupIds.map((id, index) => [id, [...(config.classGroups[id] ?? []), probe(index)]]),
    ),
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
  const droppedBefore = (className: string, from: number, to: number) => {
    const probes = Array.from({ length: to - from }, (_, offset) => probe(from + offset));
    return !merge(className, probes).split(' ').includes(className);
  };
  const groups = new Map<string, string | undefined>();
  for (const className of classNames) {
    if (className.startsWith('[') || !droppedBefore(className, 0, groupIds.length)) {
      groups.set(className, undefined);
      continue;
    }
    let [from, to] = [0, groupIds.length];
    while (to - from > 1) {
      const middle = Math.floor((from + to) / 2);
      if (droppedBefore(className, from, middle)) to = middle;
      else from = middle;
    }
    groups.set(className, groupIds[from]);
  }
  return groups;
}
