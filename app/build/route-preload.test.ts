/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The inline script runs in a page: this test runs it in jsdom.
import { afterEach, describe, expect, it } from 'vitest';
import { preloadScript, routeFiles, type ChunkInfo, type RoutePreload } from './route-preload';

const ROOT = '/repo/app';
const chunk = (fileName: string, module: string | null, imports: string[] = [], isEntry = false): ChunkInfo => ({
  fileName,
  facadeModuleId: module && `${ROOT}/${module}`,
  imports,
  isEntry,
});

const CHUNKS = [
  chunk('assets/index.js', 'src/main.tsx', ['assets/react.js', 'assets/supabase.js'], true),
  chunk('assets/react.js', null),
  chunk('assets/supabase.js', null),
  chunk('assets/auth-page.js', 'src/auth-page.tsx', ['assets/index.js', 'assets/react.js', 'assets/form.js']),
  chunk('assets/form.js', null, ['assets/react.js', 'assets/zod.js']),
  chunk('assets/zod.js', null),
  chunk('assets/staff-layout.js', 'src/staff-layout.tsx', ['assets/index.js', 'assets/dialog.js']),
  chunk('assets/dialog.js', null, ['assets/react.js']),
  chunk('assets/dashboard.js', 'src/dashboard.tsx', ['assets/index.js', 'assets/form.js']),
];

const TABLE: RoutePreload[] = [
  { path: '^/auth/?$', modules: ['src/auth-page.tsx'] },
  { path: '^/$', modules: ['src/staff-layout.tsx', 'src/dashboard.tsx'], signedIn: true },
  { path: '^/.', modules: ['src/staff-layout.tsx'], signedIn: true },
  { path: '', modules: ['src/auth-page.tsx'] },
];

describe('routeFiles', () => {
  it('lists each route chunk with its static imports, leaving out what the entry already loads', () => {
    const routes = routeFiles(CHUNKS, TABLE, ROOT);
    expect(routes[0]).toEqual({
      path: '^/auth/?$',
      signedIn: false,
      files: expect.arrayContaining(['assets/auth-page.js', 'assets/form.js', 'assets/zod.js']),
    });
    expect(routes[0].files).toHaveLength(3);
    expect(new Set(routes[1].files)).toEqual(
      new Set(['assets/staff-layout.js', 'assets/dialog.js', 'assets/dashboard.js', 'assets/form.js', 'assets/zod.js']),
    );
    expect(routes[1].signedIn).toBe(true);
  });

  it('fails the build when a listed module has no chunk (a renamed screen)', () => {
    expect(() => routeFiles(CHUNKS, [{ path: '^/x$', modules: ['src/gone.tsx'] }], ROOT)).toThrow(/src\/gone\.tsx/);
  });
});

describe('preloadScript', () => {
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );

  function open(path: string) {
    window.history.pushState({}, '', path);
    new Function(preloadScript(routeFiles(CHUNKS, TABLE, ROOT), '/'))();
  }

  afterEach(() => {
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    localStorage.clear();
    window.history.pushState({}, '', '/');
  });

  it('preloads the login screen on /auth', () => {
    open('/auth');
    expect(preloaded()).toEqual(expect.arrayContaining(['/assets/auth-page.js', '/assets/form.js']));
    expect(preloaded()).not.toContain('/assets/staff-layout.js');
  });

  it('preloads the staff layout and dashboard on / for a stored session', () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    open('/');
    expect(preloaded()).toEqual(expect.arrayContaining(['/assets/staff-layout.js', '/assets/dashboard.js']));
    expect(preloaded()).not.toContain('/assets/auth-page.js');
  });

  it('preloads only the layout on other signed-in pages', () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    open('/clientes');
    expect(new Set(preloaded())).toEqual(new Set(['/assets/staff-layout.js', '/assets/dialog.js']));
  });

  it('preloads the login screen when no session is stored, as the guard will show /auth', () => {
    open('/');
    expect(preloaded()).toContain('/assets/auth-page.js');
    expect(preloaded()).not.toContain('/assets/dashboard.js');
  });

  it('marks the links for CORS as the module script is (else the browser fetches each chunk twice)', () => {
    open('/auth');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')!;
    expect(link.crossOrigin).toBe('');
    expect(link.hasAttribute('crossorigin')).toBe(true);
  });

  it('asks for the chunks at low priority, like the entry module (the first paint needs none of them)', () => {
    open('/auth');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.getAttribute('fetchpriority') === 'low')).toBe(true);
  });
});
