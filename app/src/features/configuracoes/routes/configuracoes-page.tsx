/** /configuracoes: the office settings (administrators edit, other staff read) and links to the other settings. */
import { ChevronRight, Image, Plug, UserCog } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { CaseTypesCard } from '../components/case-types-card';
import { ChecklistsCard } from '../components/checklists-card';
import { OfficeProfileCard } from '../components/office-profile-card';
import { OfficeSettingsForm } from '../components/office-settings-form';
import { StaffMfaCard } from '../components/staff-mfa-card';
import { configuracoesStrings as t } from '../strings';

/** `children`: the settings cards of other areas (the route composes them), shown after the office's own. */
export default function ConfiguracoesPage({ children }: { children?: ReactNode }) {
  const { hasRole } = useAuth();
  const isAdmin = hasRole('administrator');
  const links = [
    { to: paths.perfil, icon: Image, title: 'Meu Perfil', description: 'Seu nome e seus dados de acesso.' },
    ...(isAdmin
      ? [
          { to: paths.usuarios, icon: UserCog, title: 'Usuários', description: 'Funções e acesso da equipe.' },
          {
            to: paths.integracoes,
            icon: Plug,
            title: 'Integrações',
            description: 'Amazon S3, WhatsApp e os provedores de consulta (USCIS, EOIR, câmbio).',
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader className="mb-0" title={t.title} description={t.description} />
      <ul className="grid gap-3 md:grid-cols-3">
        {links.map(({ to, icon: Icon, title, description }) => (
          <li key={to}>
            <Link
              to={to}
              className="block rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Card className="h-full flex-row items-center gap-3 px-5 transition-colors hover:bg-accent">
                <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{title}</p>
                  <p className="text-sm text-muted-foreground">{description}</p>
                </div>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <OfficeSettingsForm canEdit={isAdmin} />
      <OfficeProfileCard canEdit={isAdmin} />
      <CaseTypesCard canEdit={isAdmin} />
      <ChecklistsCard canEdit={isAdmin} />
      <StaffMfaCard canEdit={isAdmin} />
      {children}
    </div>
  );
}
