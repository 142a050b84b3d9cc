/** PortalLayout (client area): top bar (menu sheet on phones), side menu on desktop, profile dialog, footer. */
import { LogOut, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { CompanyLogo } from '@/components/company-logo';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DESKTOP, useMediaQuery } from '@/hooks/use-media-query';
import { useAuth } from '@/lib/auth-context';
import { useBranding } from '@/lib/branding';
import { displayName, initials } from '@/lib/roles';
import { PortalNav } from './portal-nav';

// The phone menu and the profile dialog (Radix Dialog) load when first opened: the first screen neither
// downloads nor mounts them.
const PortalMenuSheet = lazy(() => import('./portal-menu-sheet'));
const ProfileDialog = lazy(() => import('./portal-profile-dialog'));

export function PortalLayout() {
  const { user, profile, clientData, signOut } = useAuth();
  const { name: companyName, logo } = useBranding();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  // Once opened, each stays mounted (its closing animation, and no second download).
  const [menuUsed, setMenuUsed] = useState(false);
  const [profileUsed, setProfileUsed] = useState(false);
  const userName = clientData?.full_name || displayName(profile, user?.email);
  // A phone never shows the side menu (its menu is the sheet): not building it spares the first screen's render.
  const desktop = useMediaQuery(DESKTOP);

  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  const openProfile = () => {
    setProfileUsed(true);
    setProfileOpen(true);
  };

  const handleSignOut = async () => {
    const { error } = await signOut();
    if (!error) navigate(paths.auth, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-3 backdrop-blur sm:px-6">
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" onClick={openMenu}>
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
          <Button variant="ghost" className="gap-2 px-2" onClick={openProfile}>
            {/* Named "Meu Perfil: <name>" by its content, which holds the visible name (from sm up). */}
            <span className="sr-only">Meu Perfil: </span>
            <Avatar className="size-8" aria-hidden="true">
              <AvatarFallback>{initials(userName)}</AvatarFallback>
            </Avatar>
            <span className="sr-only max-w-40 truncate sm:not-sr-only">{userName}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void handleSignOut()}>
            <LogOut aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Sair</span>
          </Button>
        </div>
      </header>

      {menuUsed && (
        <Suspense fallback={null}>
          <PortalMenuSheet open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}

      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-3 py-6 sm:px-6">
        {desktop && (
          <aside className="hidden w-56 shrink-0 md:block">
            <div className="sticky top-22">
              <PortalNav />
            </div>
          </aside>
        )}
        <main id="conteudo" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>

      <footer className="border-t bg-card py-4 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {companyName}. Todos os direitos reservados.
      </footer>

      {profileUsed && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
    </div>
  );
}
