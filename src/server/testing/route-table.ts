/**
 * The app's route table as tests walk it: every `METHOD path` the app registered (HEAD, added to each GET, left
 * out), with the names of its hooks by lifecycle stage (`preHandler: ['requireUser', 'requireFeature:api-access']`),
 * read from Fastify's own `printRoutes({ includeHooks: true })`. A hook is named by its function's name
 * (anonymous ones as 'anonymous'); plugin-wide hooks (`app.addHook`) are listed on each route they run for.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  /** `GET /api/terminal/overview` */
  route: string;
  hooks: Partial<Record<string, string[]>>;
}

const NODE = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u;
/** More methods of the node above, printed apart because their hooks differ: `│   /api/api-tokens (POST)`. */
const SAME_NODE = /^[│ ]*\S.*? \(([A-Z, ]+)\)$/u;
const HOOKS = /^[│ ]*• \((\w+)\) (\[.*\])$/u;

export function routeTable(app: FastifyInstance): RouteEntry[] {
  const entries = new Map<string, RouteEntry>();
  const stack: string[] = [];
  let current: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n')) {
    const hooks = HOOKS.exec(line);
    if (hooks) {
      const names = (JSON.parse(hooks[2] ?? '[]') as string[]).map((name) => name.replace(/\(\)$/, ''));
      for (const entry of current) entry.hooks[hooks[1] ?? ''] = names;
      continue;
    }
    const node = NODE.exec(line);
    let methods: string | undefined;
    if (node) {
      stack.length = (node[1] ?? '').length / 4;
      stack.push(node[2] ?? '');
      methods = node[3];
    } else {
      methods = SAME_NODE.exec(line)?.[1];
      if (methods === undefined) continue;
    }
    const path = stack.join('').replace(/(.)\/$/, '$1');
    current = (methods ?? '')
      .split(', ')
      .filter((method) => method !== '' && method !== 'HEAD')
      .map((method) => {
        const route = `${method} ${path}`;
        const entry = entries.get(route) ?? { route, hooks: {} };
        entries.set(route, entry);
        return entry;
      });
  }
  return [...entries.values()].sort((a, b) => a.route.localeCompare(b.route));
}
