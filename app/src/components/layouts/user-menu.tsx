/** Top-bar user menu: initials, display name, e-mail, role label; Meu Perfil, Configurações, Sair. */
import { LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
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
import { displayName, initials, roleLabel } from '@/lib/roles';

export function UserMenu() {
  const { user, profile, roles, signOut } = useAuth();
  const navigate = useNavigate();
  const name = displayName(profile, user?.email);
  const email = profile?.email ?? user?.email ?? '';

  const handleSignOut = async () => {
    const { error } = await signOut();
    if (!error) navigate(paths.auth, { replace: true });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full p-0.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={`Menu do usuário ${name}`}
      >
        <Avatar className="size-9">
          <AvatarFallback>{initials(name)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
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
