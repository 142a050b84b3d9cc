/** PortalLayout (client area): top bar (menu sheet on phones), side menu on desktop, profile dialog, footer. */
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { CompanyLogo } from '@/components/company-logo';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { useBranding } from '@/lib/branding';
import { displayName, initials } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { PORTAL_MENU } from './portal-menu';

const NOT_INFORMED = 'Não informado';

function PortalNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Menu do portal" className="flex flex-col gap-1">
      {PORTAL_MENU.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.to === paths.portal.home}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
              isActive && 'bg-accent text-accent-foreground',
            )
          }
        >
          <item.icon className="size-5 shrink-0" aria-hidden="true" />
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user, profile, clientData } = useAuth();
  const fullName = clientData?.full_name || profile?.full_name || displayName(profile, user?.email);
  const rows: [string, string | null | undefined][] = [
    ['Nome completo', fullName],
    ['Email', clientData?.email || profile?.email || user?.email],
    ['Telefone', clientData?.phone],
    ['Endereço', clientData?.address],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Meu Perfil</DialogTitle>
          <DialogDescription>Seus dados cadastrados no escritório.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-4">
          <Avatar className="size-16">
            <AvatarFallback className="text-xl">{initials(fullName)}</AvatarFallback>
          </Avatar>
          <p className="text-lg font-semibold">{fullName}</p>
        </div>
        <dl className="grid gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="text-sm break-words">{value?.trim() ? value : NOT_INFORMED}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

export function PortalLayout() {
  const { user, profile, clientData, signOut } = useAuth();
  const { name: companyName, logo } = useBranding();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const userName = clientData?.full_name || displayName(profile, user?.email);

  const handleSignOut = async () => {
    const { error } = await signOut();
    if (!error) navigate(paths.auth, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-3 backdrop-blur sm:px-6">
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" onClick={() => setMenuOpen(true)}>
          <Menu aria-hidden="true" />
        </Button>
        <div className="flex min-w-0 items-center gap-3">
          <CompanyLogo logo={logo} name={companyName} className="bg-primary" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{companyName}</p>
            <p className="truncate text-xs text-muted-foreground">Portal do Cliente</p>
          </div>
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" className="gap-2 px-2" onClick={() => setProfileOpen(true)} aria-label={`Meu Perfil: ${userName}`}>
            <Avatar className="size-8">
              <AvatarFallback>{initials(userName)}</AvatarFallback>
            </Avatar>
            <span className="hidden max-w-40 truncate sm:inline">{userName}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void handleSignOut()}>
            <LogOut aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Sair</span>
          </Button>
        </div>
      </header>

      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent side="left" className="w-72 p-4 pt-12">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navegação do portal do cliente</SheetDescription>
          <PortalNav onNavigate={() => setMenuOpen(false)} />
        </SheetContent>
      </Sheet>

      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-3 py-6 sm:px-6">
        <aside className="hidden w-56 shrink-0 md:block">
          <div className="sticky top-22">
            <PortalNav />
          </div>
        </aside>
        <main id="conteudo" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>

      <footer className="border-t bg-card py-4 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {companyName}. Todos os direitos reservados.
      </footer>

      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
    </div>
  );
}
