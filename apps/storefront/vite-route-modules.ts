/**
 * Which page module each route of the app's router draws, written beside Vite's manifest as
 * `.vite/route-modules.json`: `{ "/products/:slug": "src/features/product/components/product-page.tsx", ... }`,
 * the values being the manifest's keys. The API server reads the two to list a page's JS and CSS in its document
 * (apps/server/src/modules/seo), so it names routes (the SPEC's addresses), never this app's source files: a page
 * moved or renamed here needs nothing there.
 *
 * Read from the router's own code as the build parsed it (`const XPage = lazy(() => import('...'))` and the
 * `routes` table's `path` / `index` and `element`), so the router stays the one place that says it.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

interface AstNode {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** `node` and every node under it, depth first. */
function* walk(node: unknown): Generator<AstNode> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') yield* walk(value);
}

const nameOf = (node: unknown) => (isNode(node) && node.type === 'Identifier' ? (node.name as string) : undefined);

/** The pages loaded with `lazy(() => import('...'))`: component name to the import's specifier. */
function lazyPages(ast: unknown): Map<string, string> {
  const pages = new Map<string, string>();
  for (const node of walk(ast)) {
    if (node.type !== 'VariableDeclarator' || !isNode(node.init) || node.init.type !== 'CallExpression') continue;
    const name = nameOf(node.id);
    if (!name || nameOf(node.init.callee) !== 'lazy') continue;
    // Vite may wrap the import (its preload helper): the specifier is the import expression's, wherever it sits.
    const load = [...walk(node.init.arguments)].find((n) => n.type === 'ImportExpression');
    const source = isNode(load?.source) ? load.source.value : undefined;
    if (typeof source === 'string') pages.set(name, source);
  }
  return pages;
}

const propertyOf = (object: AstNode, key: string) =>
  (object.properties as AstNode[]).find((p) => p.type === 'Property' && (nameOf(p.key) ?? (isNode(p.key) ? p.key.value : undefined)) === key)?.value as
    | AstNode
    | undefined;

/** Each route's full path to the specifier of the lazy page its element draws (`routes` and their `children`). */
function routeSpecifiers(ast: unknown): Map<string, string> {
  const pages = lazyPages(ast);
  const routes = new Map<string, string>();
  const visit = (list: AstNode, base: string) => {
    for (const route of list.elements as AstNode[]) {
      if (!isNode(route) || route.type !== 'ObjectExpression') continue;
      const path = propertyOf(route, 'path')?.value;
      const segment = typeof path === 'string' ? path : '';
      const full = segment.startsWith('/') ? segment : `${base.endsWith('/') ? base : `${base}/`}${segment}`;
      const page = [...walk(propertyOf(route, 'element'))].map(nameOf).find((name) => name !== undefined && pages.has(name));
      if (page) routes.set(full, pages.get(page)!);
      const children = propertyOf(route, 'children');
      if (children?.type === 'ArrayExpression') visit(children, full);
    }
  };
  for (const node of walk(ast)) {
    if (node.type === 'VariableDeclarator' && nameOf(node.id) === 'routes' && isNode(node.init) && node.init.type === 'ArrayExpression') visit(node.init, '');
  }
  return routes;
}

/** `routerModule`: the router's path from the app's root (`src/app/router.tsx`). */
export function routeModules(routerModule: string): Plugin {
  let root = '';
  let router: { id: string; routes: Map<string, string> } | undefined;
  return {
    name: 'shop:route-modules',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    moduleParsed(info) {
      if (relative(root, info.id).split('\\').join('/') === routerModule) router = { id: info.id, routes: routeSpecifiers(info.ast) };
    },
    async generateBundle() {
      if (!router?.routes.size) this.error(`no lazily loaded pages found in the routes of ${routerModule}`);
      const modules: Record<string, string> = {};
      for (const [path, specifier] of router.routes) {
        const resolved = await this.resolve(specifier, router.id);
        if (!resolved) this.error(`${routerModule}: cannot resolve ${specifier}`);
        modules[path] = relative(root, resolved.id).split('\\').join('/');
      }
      this.emitFile({ type: 'asset', fileName: '.vite/route-modules.json', source: `${JSON.stringify(modules, null, 2)}\n` });
    },
  };
}
