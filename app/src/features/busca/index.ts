/** The global search palette and its Ctrl+K shortcut (the staff layout mounts them). */
export { SearchPalette, useSearchShortcut } from './search-palette';
