/**
 * A value made the first time it is asked for. For the Intl formatters at the top of a module: each costs
 * milliseconds to build, and a page's modules are all evaluated in one task before it can paint, which a phone's
 * slower CPU turns into blocking time (issue 25 item 21); most formatters are not needed on the first screen.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
