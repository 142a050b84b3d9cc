/** The user menu's dropdown (Radix DropdownMenu), loaded and mounted the first time the avatar is clicked. */
import { LogOut, Settings, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { displayName, roleLabel } from '@/lib/roles';

/** trigger: the avatar button shown before this module loaded. */
export default function UserMenuDropdown({ trigger }: { trigger: ReactNode }) {
  const { user, profile, roles, signOut } = useAuth();
  const navigate = useNavigate();
  const name = displayName(profile, user?.email);
  const email = profile?.email ?? user?.email ?? '';

  const handleSignOut = async () => {
    const { error } = await signOut();
    if (!error) navigate(paths.auth, { replace: true });
  };

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{email}</p>
          <p className="mt-1 text-xs font-medium text-primary">{roleLabel(roles)}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.perfil)}>
          <User aria-hidden="true" />
          Meu Perfil
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.configuracoes)}>
          <Settings aria-hidden="true" />
          Configurações
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
