/** The global search palette (loaded on first use) and its Ctrl+K shortcut (the staff layout mounts them). */
export { LazySearchPalette as SearchPalette } from './lazy-search-palette';
export { useSearchShortcut } from './search-shortcut';
