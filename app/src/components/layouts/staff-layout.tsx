/** StaffLayout: sidebar (collapsible; a sheet on phones), top bar with search, bell and user menu; <Outlet/> for the page. */
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen, Search } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { CompanyLogo } from '@/components/company-logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { SearchPalette, useSearchShortcut } from '@/features/busca';
import { NotificationBell } from '@/features/sino';
import { useAuth } from '@/lib/auth-context';
import { COMPANY_CAPTION, useBranding } from '@/lib/branding';
import { cn } from '@/lib/utils';
import { SidebarNav } from './sidebar-nav';
import { staffMenu } from './staff-menu';
import { UserMenu } from './user-menu';

function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { name, logo } = useBranding();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CompanyLogo logo={logo} name={name} />
      {!collapsed && (
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white">{name}</p>
          <p className="truncate text-[10px] font-medium tracking-widest text-sidebar-muted">{COMPANY_CAPTION}</p>
        </div>
      )}
    </div>
  );
}

function SidebarBody({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { roles, signOut } = useAuth();
  const navigate = useNavigate();
  const handleSignOut = async () => {
    const { error } = await signOut();
    if (!error) navigate(paths.auth, { replace: true });
  };
  return (
    <>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <SidebarNav entries={staffMenu(roles)} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
      <div className="border-t border-sidebar-border p-3">
        <button
          type="button"
          onClick={() => void handleSignOut()}
          title={collapsed ? 'Sair' : undefined}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-primary focus-visible:outline-none"
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          <span className={cn(collapsed && 'sr-only')}>Sair</span>
        </button>
      </div>
    </>
  );
}

export function StaffLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  useSearchShortcut(setSearchOpen);

  return (
    <div className="flex min-h-dvh bg-background">
      {/* Desktop sidebar */}
      <aside
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] md:flex',
          collapsed ? 'w-[4.5rem]' : 'w-64',
        )}
      >
        <div className={cn('flex h-16 items-center border-b border-sidebar-border px-4', collapsed && 'justify-center px-2')}>
          <Brand collapsed={collapsed} />
        </div>
        <SidebarBody collapsed={collapsed} />
      </aside>

      {/* Phone sidebar */}
      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent side="left" className="w-72 gap-0 border-sidebar-border bg-sidebar p-0 text-sidebar-foreground [&>button]:text-white">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navegação do sistema</SheetDescription>
          <div className="flex h-16 items-center border-b border-sidebar-border px-4">
            <Brand />
          </div>
          <SidebarBody onNavigate={() => setMobileOpen(false)} />
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:gap-4 sm:px-6">
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" onClick={() => setMobileOpen(true)}>
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
              aria-label="Pesquisar (Ctrl+K)"
              className="flex h-9 w-full items-center gap-2 rounded-md border bg-background px-3 text-left text-sm text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Search className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">Pesquisar...</span>
              <kbd className="ml-auto hidden rounded border px-1.5 text-[10px] sm:inline">Ctrl K</kbd>
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
