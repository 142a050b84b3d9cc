/**
 * Exigir verificação em duas etapas para a equipe (office_settings.require_staff_mfa). Administrators switch it;
 * turning it on needs an aal2 session (the database refuses otherwise), so nobody locks the office out.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { invalidateTables } from '@/lib/data-keys';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { fill } from '@/lib/strings';
import { supabase } from '@/lib/supabase';
import { settingsKeys } from '../api/settings';

export const staffMfaStrings = {
  title: 'Verificação em duas etapas da equipe',
  description:
    'Quando ativada, quem é da equipe só acessa os dados do escritório depois de digitar o código do aplicativo autenticador. Os clientes não são afetados.',
  label: 'Exigir verificação em duas etapas para a equipe',
  on: 'Exigência ativada',
  off: 'Exigência desativada',
  needsAal2:
    'Só é possível ativar a partir de uma sessão com verificação em duas etapas, para que ninguém bloqueie o acesso do escritório por engano. Ative a sua em Meu Perfil, saia e entre novamente com o código.',
  openProfile: 'Abrir Meu Perfil',
  adminOnly: 'Somente administradores alteram esta exigência.',
  saveError: 'Erro ao salvar a exigência: {message}',
  notAllowed: 'Entre com a sua verificação em duas etapas antes de exigi-la da equipe.',
} as const;
const t = staffMfaStrings;

const staffMfaKey = [...settingsKeys.all, 'staff-mfa'] as const;

async function readStaffMfa(): Promise<{ required: boolean; aal2: boolean }> {
  const [{ data, error }, level] = await Promise.all([
    supabase.rpc('staff_mfa_required'),
    supabase.auth.mfa.getAuthenticatorAssuranceLevel(),
  ]);
  if (error) throw error;
  return { required: data === true, aal2: level.data?.currentLevel === 'aal2' };
}

export function StaffMfaCard({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: staffMfaKey,
    queryFn: readStaffMfa,
    meta: { errorMessage: 'Erro ao carregar configurações' },
  });
  const save = useMutation({
    mutationFn: async (required: boolean) => {
      const { data: rows, error } = await supabase
        .from('office_settings')
        .update({ require_staff_mfa: required })
        .eq('id', true)
        .select('require_staff_mfa');
      if (error) throw error;
      if (!rows || rows.length === 0) throw new Error(t.adminOnly);
    },
    onSuccess: () => invalidateTables(queryClient, ['office_settings']),
    onError: (error) => {
      const code = (error as { code?: string }).code;
      toast.error(code === 'PT403' ? t.notAllowed : fill(t.saveError, { message: errorMessage(error) }));
    },
  });

  if (!data) return null;
  // Turning it on needs aal2; turning it off is open to any administrator who can reach this page.
  const blocked = !data.required && !data.aal2;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" />
          {t.title}
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id="require-staff-mfa"
            checked={data.required}
            disabled={!canEdit || blocked || save.isPending}
            onCheckedChange={(checked) => save.mutate(checked === true)}
          />
          <Label htmlFor="require-staff-mfa">{t.label}</Label>
        </div>
        <p className="text-sm text-muted-foreground">{data.required ? t.on : t.off}</p>
        {!canEdit && <p className="text-sm text-muted-foreground">{t.adminOnly}</p>}
        {canEdit && blocked && (
          <p className="text-sm text-muted-foreground">
            {t.needsAal2}{' '}
            <Link to={paths.perfil} className="font-medium text-primary underline-offset-4 hover:underline">
              {t.openProfile}
            </Link>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
