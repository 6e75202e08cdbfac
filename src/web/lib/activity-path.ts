/**
 * The Activity view of a portfolio: `/activity?portfolio=<key>`, the key as the API names it (`me`,
 * `account:<id>`, `client:<id>`, `paper:<id>`). The pages that show a portfolio link to it with this.
 */
export function activityPathOf(portfolio: string): string {
  return `/activity?portfolio=${encodeURIComponent(portfolio)}`;
}
