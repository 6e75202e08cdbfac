/**
 * src/web/lib/tailwind-merge-config.ts, the part of tailwind-merge's default config that `cn` uses, merges the
 * app's classes as the whole default config does. tailwind-merge merges by class group: two classes conflict
 * when they are in the same group, or the later one's group lists the other's as conflicting (and variants and
 * `!` must match, which no config changes). So each class must fall in the same group under both configs, and
 * the groups must conflict alike.
 */
import { getDefaultConfig, type Config } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { tailwindMergeConfig } from '../src/web/lib/tailwind-merge-config';
import { classGroupsOf, webClassNames } from './tailwind-classes';

const REGENERATE = 'run `npm run tailwind-merge:config` to write the config again';
const full: Config<string, string> = getDefaultConfig();
const classNames = webClassNames();
const fullGroups = classGroupsOf(full, classNames);
const usedGroups = [...new Set(fullGroups.values())].filter((id) => id !== undefined).sort();

/** `record`'s conflicts between the groups the app uses. */
function conflictsBetweenUsedGroups(record: Partial<Record<string, readonly string[]>>) {
  return Object.fromEntries(
    usedGroups
      .map((id) => [id, (record[id] ?? []).filter((other) => usedGroups.includes(other)).sort()] as const)
      .filter(([, ids]) => ids.length > 0),
  );
}

describe('the tailwind-merge config of cn', () => {
  it('reads the classes of src/web, with their variants taken off', () => {
    expect(classNames).toEqual(expect.arrayContaining(['px-4', 'size-4', 'bg-background', 'sr-only']));
    expect(classNames.filter((className) => /^[\w-]+:/.test(className))).toEqual([]);
    expect(usedGroups).toEqual(expect.arrayContaining(['px', 'size', 'bg-color', 'sr']));
  });

  it('puts every class of src/web in the class group the full default config puts it in', () => {
    const reducedGroups = classGroupsOf(tailwindMergeConfig, classNames);
    const different = classNames
      .filter((className) => reducedGroups.get(className) !== fullGroups.get(className))
      .map((className) => `${className}: ${fullGroups.get(className)}, not ${reducedGroups.get(className)}`);
    expect(different, REGENERATE).toEqual([]);
  });

  it('has the conflicts of the full default config between the groups src/web uses', () => {
    for (const key of ['conflictingClassGroups', 'conflictingClassGroupModifiers'] as const) {
      expect(conflictsBetweenUsedGroups(tailwindMergeConfig[key]), `${key}: ${REGENERATE}`).toEqual(
        conflictsBetweenUsedGroups(full[key]),
      );
    }
    const postfixGroups = (config: Config<string, string>) =>
      (config.postfixLookupClassGroups ?? []).filter((id) => usedGroups.includes(id));
    expect(postfixGroups(tailwindMergeConfig), REGENERATE).toEqual(postfixGroups(full));
    expect(tailwindMergeConfig.orderSensitiveModifiers).toEqual(full.orderSensitiveModifiers);
  });
});
