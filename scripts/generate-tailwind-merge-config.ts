/**
 * Writes src/web/lib/tailwind-merge-config.ts: tailwind-merge's default config cut down to the class groups of
 * the classes the web app uses (scripts/tailwind-classes.ts). The whole default config is about 5 KB of the
 * JavaScript every page loads (issue #26); merging the app's own classes needs only a part of it.
 * Run `npm run tailwind-merge:config` when scripts/tailwind-merge-config.test.ts fails (a class of a new group).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';
import { getDefaultConfig, validators } from 'tailwind-merge';
import { classGroupsOf, TAILWIND_MERGE_CONFIG, webClassNames } from './tailwind-classes';

const OUTPUT = join(import.meta.dirname, '..', 'src', 'web', TAILWIND_MERGE_CONFIG);

type Config = ReturnType<typeof getDefaultConfig>;
type GroupId = keyof Config['classGroups'];

const VALIDATOR_NAMES = new Map<unknown, string>(
  Object.entries(validators).map(([name, validator]) => [validator, name]),
);

/** What a class group is made of (tailwind-merge's ClassDefinition, which it does not export). */
type Definition = string | Validator | ThemeGetter | { readonly [part: string]: readonly Definition[] };
type Validator = (value: string) => boolean;
interface ThemeGetter {
  (theme: Config['theme']): readonly Definition[];
  isThemeGetter: true;
}
const isThemeGetter = (value: Definition): value is ThemeGetter =>
  typeof value === 'function' && 'isThemeGetter' in value;

/**
 * A group's definitions cut down to what the classes in `used` need: a keyword stays when it spells a used class,
 * a validator when it accepts the rest of a used class after the prefix, a theme's values are written in
 * where the group reads them (as tailwind-merge itself does). Nothing is reordered: which group a class falls in
 * depends on the order.
 */
function prune(definitions: readonly Definition[], prefix: string, used: ReadonlySet<string>): Definition[] {
  const join = (part: string) => (prefix && part ? `${prefix}-${part}` : prefix || part);
  const rests = [...used].flatMap((className) =>
    !prefix ? [className] : className.startsWith(`${prefix}-`) ? [className.slice(prefix.length + 1)] : [],
  );
  return definitions.flatMap((definition): Definition[] => {
    if (typeof definition === 'string') return used.has(join(definition)) ? [definition] : [];
    if (isThemeGetter(definition)) return prune(definition(getDefaultConfig().theme), prefix, used);
    if (typeof definition === 'function') return rests.some((rest) => definition(rest)) ? [definition] : [];
    const entries = Object.entries(definition)
      .map(([part, inner]) => [part, prune(inner, join(part), used)] as const)
      .filter(([, inner]) => inner.length > 0);
    return entries.length > 0 ? [Object.fromEntries(entries)] : [];
  });
}

/** A config value as TypeScript: strings and numbers, validators by name. */
function source(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'function') {
    const name = VALIDATOR_NAMES.get(value);
    if (name) return name;
    throw new Error(`unknown function in the default config: ${value.toString()}`);
  }
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, inner]) => `${JSON.stringify(key)}: ${source(inner)}`);
    return `{ ${entries.join(', ')} }`;
  }
  throw new Error(`unexpected value in the default config: ${String(value)}`);
}

/**
 * The names a class is looked up by: tailwind-merge also tries it without a postfix (`text-sm/6`) and
 * without the minus of a negative value (`-mx-3`).
 */
function lookupNames(classNames: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const className of classNames) {
    for (const name of [className, className.replace(/\/[^/\]]*$/, '')]) {
      names.add(name);
      names.add(name.replace(/^-/, ''));
    }
  }
  return names;
}

function reducedConfig(classNames: readonly string[]) {
  const config = getDefaultConfig();
  const groups = new Set(classGroupsOf(config, classNames).values());
  const used = lookupNames(classNames);
  const keepConflicts = (record: Partial<Record<GroupId, readonly GroupId[]>>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([id]) => groups.has(id as GroupId))
        .map(([id, ids]) => [id, (ids as GroupId[]).filter((other) => groups.has(other))] as const)
        .filter(([, ids]) => ids.length > 0),
    );
  return {
    cacheSize: config.cacheSize,
    theme: {},
    // In the default config's order, which decides between groups whose validators accept the same class.
    classGroups: Object.fromEntries(
      (Object.keys(config.classGroups) as GroupId[])
        .filter((id) => groups.has(id))
        .map((id) => [id, prune(config.classGroups[id] as readonly Definition[], '', used)] as const),
    ),
    conflictingClassGroups: keepConflicts(config.conflictingClassGroups),
    conflictingClassGroupModifiers: keepConflicts(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: config.postfixLookupClassGroups.filter((id) => groups.has(id)),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  };
}

const config = reducedConfig(webClassNames());
const validatorNames = [...VALIDATOR_NAMES.values()].filter((name) =>
  new RegExp(`\\b${name}\\b`).test(source(config)),
);
const text = `// Written by \`npm run tailwind-merge:config\` (scripts/generate-tailwind-merge-config.ts); do not edit.
import { validators, type Config } from 'tailwind-merge';

const { ${validatorNames.join(', ')} } = validators;

/** tailwind-merge's default config, only the class groups of the classes src/web uses. */
export const tailwindMergeConfig: Config<string, string> = ${source(config)};
`;
writeFileSync(
  OUTPUT,
  await prettier.format(text, { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT }),
);
console.log(`wrote ${OUTPUT}: ${Object.keys(config.classGroups).length} class groups`);
