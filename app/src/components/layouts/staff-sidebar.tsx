/** The staff menu's brand and body: the desktop sidebar and the phone sheet show the same ones. */
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { CompanyLogo } from '@/components/company-logo';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { COMPANY_CAPTION, useBranding } from '@/lib/branding';
import { cn } from '@/lib/utils';
import { SidebarNav } from './sidebar-nav';
import { staffMenu } from './staff-menu';

export function Brand({ collapsed = false }: { collapsed?: boolean }) {
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

export function SidebarBody({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
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
