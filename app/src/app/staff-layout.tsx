/** StaffLayout, the staff shell: sidebar (collapsible; a sheet on phones), top bar with search, bell and user menu;
 * <Outlet/> for the page. It composes two features (the search palette and the bell), so it lives with the app. */
import { Menu, PanelLeftClose, PanelLeftOpen, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { SearchPalette, useSearchShortcut } from '@/features/busca';
import { NotificationBell } from '@/features/sino';
import { DESKTOP, useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { Brand, SidebarBody } from '@/components/layouts/staff-sidebar';
import { UserMenu } from '@/components/layouts/user-menu';

// The phone menu (Radix Dialog as a sheet) loads when first opened; the search palette and the menus of the bell
// and the user do the same inside their modules, so the first screen neither downloads nor mounts them.
const StaffMenuSheet = lazy(() => import('@/components/layouts/staff-menu-sheet'));

export function StaffLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Once opened, the sheet stays mounted (its closing animation, and no second download).
  const [mobileUsed, setMobileUsed] = useState(false);
  const openMobile = () => {
    setMobileUsed(true);
    setMobileOpen(true);
  };
  const [searchOpen, setSearchOpen] = useState(false);
  useSearchShortcut(setSearchOpen);
  // A phone never shows the sidebar (its menu is the sheet): not building it spares the first screen's render.
  const desktop = useMediaQuery(DESKTOP);

  return (
    <div className="flex min-h-dvh bg-background">
      {/* Desktop sidebar */}
      {desktop && (
        <aside
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] md:flex',
            collapsed ? 'w-[4.5rem]' : 'w-64',
          )}
        >
          <div
            className={cn(
              'flex h-16 items-center border-b border-sidebar-border px-4',
              collapsed && 'justify-center px-2',
            )}
          >
            <Brand collapsed={collapsed} />
          </div>
          <SidebarBody collapsed={collapsed} />
        </aside>
      )}

      {/* Phone sidebar */}
      {mobileUsed && (
        <Suspense fallback={null}>
          <StaffMenuSheet open={mobileOpen} onOpenChange={setMobileOpen} />
        </Suspense>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:gap-4 sm:px-6">
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" onClick={openMobile}>
            <Menu aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="hidden md:inline-flex"
            aria-label={collapsed ? 'Expandir menu lateral' : 'Recolher menu lateral'}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
          </Button>
          <div role="search" className="relative max-w-md min-w-0 flex-1">
            <button
              type="button"
              onClick={() => setSearchOpen(true)}
              aria-keyshortcuts="Control+K"
              className="flex h-9 w-full items-center gap-2 rounded-md border bg-background px-3 text-left text-sm text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Search className="size-4 shrink-0" aria-hidden="true" />
              {/* Named by this text: what a voice user reads on the button ("Pesquisar"), then the shortcut. */}
              <span className="sr-only">Pesquisar (Ctrl+K)</span>
              <span className="truncate" aria-hidden="true">
                Pesquisar...
              </span>
              <kbd className="ml-auto hidden rounded border px-1.5 text-[10px] sm:inline" aria-hidden="true">
                Ctrl K
              </kbd>
            </button>
          </div>
          <SearchPalette open={searchOpen} onOpenChange={setSearchOpen} />
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <NotificationBell />
            <UserMenu />
          </div>
        </header>
        <main id="conteudo" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
