/** Top-bar user menu: initials, display name, e-mail, role label; Meu Perfil, Configurações, Sair. */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { useAuth } from '@/lib/auth-context';
import { displayName, initials } from '@/lib/roles';

// The dropdown loads on the first click: the first screen shows only the avatar button.
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown'));

/** Also the Radix trigger (asChild): its props and ref reach the button. */
function AvatarButton({ name, ...props }: ComponentProps<'button'> & { name: string }) {
  return (
    <button
      type="button"
      className="flex items-center gap-2 rounded-full p-0.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label={`Menu do usuário ${name}`}
      {...props}
    >
      <Avatar className="size-9">
        <AvatarFallback>{initials(name)}</AvatarFallback>
      </Avatar>
    </button>
  );
}

export function UserMenu() {
  const { user, profile } = useAuth();
  const name = displayName(profile, user?.email);
  const [used, setUsed] = useState(false);

  if (!used) return <AvatarButton name={name} onClick={() => setUsed(true)} />;
  return (
    <Suspense fallback={<AvatarButton name={name} />}>
      <UserMenuDropdown trigger={<AvatarButton name={name} />} />
    </Suspense>
  );
}
