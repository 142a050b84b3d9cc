/** The portal's "Meu Perfil" dialog: the client's own record. Loaded on first use (see PortalLayout). */
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth-context';
import { displayName, initials } from '@/lib/roles';

const NOT_INFORMED = 'Não informado';

export default function ProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
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
