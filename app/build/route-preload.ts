/**
 * Route preloads: the page shell starts downloading the lazy chunks of the route it was opened on (and their static
 * imports) together with the entry, instead of after the entry has run and React Router has matched the route.
 * One network round trip less before the first screen; on a phone that is about as long as the download itself.
 *
 * The build knows each chunk's file and imports; the table below says which modules a landing URL needs. A listed
 * module missing from the bundle fails the build, so a renamed screen cannot silently lose its preload.
 */
import type { Plugin } from 'vite';

export interface RoutePreload {
  /** Regular expression (source) tested against location.pathname; the first match wins. */
  path: string;
  /** Source modules (relative to the app folder) whose chunks the route loads first. */
  modules: string[];
  /** Only when supabase-js keeps a session in localStorage (else the guard sends the visitor to /auth). */
  signedIn?: boolean;
}

const STAFF_LAYOUT = 'src/app/staff-layout.tsx';
const PORTAL_LAYOUT = 'src/components/layouts/portal-layout.tsx';
const AUTH_PAGE = 'src/features/auth/routes/auth-page.tsx';

/** Landing pages first (the first screen each kind of user sees), then the layouts of the other pages. */
export const ROUTE_PRELOADS: RoutePreload[] = [
  { path: '^/auth/?$', modules: [AUTH_PAGE] },
  { path: '^/definir-senha/?$', modules: ['src/features/auth/routes/definir-senha-page.tsx'] },
  { path: '^/cliente/?$', modules: [PORTAL_LAYOUT, 'src/app/routes/portal-home.tsx'], signedIn: true },
  { path: '^/cliente/', modules: [PORTAL_LAYOUT], signedIn: true },
  { path: '^/$', modules: [STAFF_LAYOUT, 'src/features/dashboard/routes/dashboard-page.tsx'], signedIn: true },
  { path: '^/.', modules: [STAFF_LAYOUT], signedIn: true },
  // Signed out on a guarded page: the guard shows /auth.
  { path: '', modules: [AUTH_PAGE] },
];

/** What the build tells about one chunk (a subset of Rollup's/Rolldown's OutputChunk). */
export interface ChunkInfo {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

/** The files to preload per route: each module's chunk and everything it imports statically, minus what the entry
 * chunk already brings (index.html names those itself). */
export function routeFiles(
  chunks: ChunkInfo[],
  table: RoutePreload[],
  root: string,
): { path: string; signedIn: boolean; files: string[] }[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[]): Set<string> => {
    const seen = new Set<string>();
    const todo = [...start];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      todo.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const prefix = root.replace(/\/?$/, '/');
  return table.map(({ path, modules, signedIn }) => {
    const starts = modules.map((module) => {
      const chunk = chunks.find((c) => c.facadeModuleId === prefix + module);
      if (!chunk) throw new Error(`route preload: no chunk for ${module} (renamed? update app/build/route-preload.ts)`);
      return chunk.fileName;
    });
    const files = [...closure(starts)].filter((file) => !initial.has(file));
    return { path, signedIn: signedIn ?? false, files };
  });
}

/** supabase-js keeps the session under sb-<project>-auth-token. */
export const SESSION_KEY = '^sb-.*-auth-token$';

/** The inline script: adds <link rel="modulepreload"> for the first matching route's files. Plain ES5, no imports,
 * runs during parsing before the entry module is requested. */
export function preloadScript(routes: ReturnType<typeof routeFiles>, base: string): string {
  const data = JSON.stringify(routes.map(({ path, signedIn, files }) => [path, signedIn ? 1 : 0, files]));
  return `(function (routes, base) {
  var signedIn = false;
  try {
    for (var i = 0; i < localStorage.length; i++) if (/${SESSION_KEY}/.test(localStorage.key(i) || '')) signedIn = true;
  } catch (e) {}
  for (var r = 0; r < routes.length; r++) {
    if (!new RegExp(routes[r][0]).test(location.pathname) || (routes[r][1] && !signedIn)) continue;
    routes[r][2].forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.setAttribute('fetchpriority', 'low');
      link.crossOrigin = '';
      link.href = base + file;
      document.head.appendChild(link);
    });
    return;
  }
})(${data}, ${JSON.stringify(base)});`;
}

export function routePreload(table: RoutePreload[] = ROUTE_PRELOADS): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).flatMap((item) =>
          item.type === 'chunk'
            ? [
                {
                  fileName: item.fileName,
                  facadeModuleId: item.facadeModuleId,
                  imports: item.imports,
                  isEntry: item.isEntry,
                },
              ]
            : [],
        );
        const script = `<script>${preloadScript(routeFiles(chunks, table, root), base)}</script>\n    `;
        // Before the entry module: the route's chunks are requested in the same round as the entry's own.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route preload: index.html has no module script');
        return html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
