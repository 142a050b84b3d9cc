/** /configuracoes: the office settings, then the settings of "where the case stands" (Visa Bulletin, USCIS times). */
import ConfiguracoesPage from '@/features/configuracoes/routes/configuracoes-page';
import { BulletinImportCard, ProcessingTimesCard } from '@/features/fila';
import { useAuth } from '@/lib/auth-context';

export default function ConfiguracoesRoute() {
  const { hasRole } = useAuth();
  const isAdmin = hasRole('administrator');
  return (
    <ConfiguracoesPage>
      <BulletinImportCard canImport={isAdmin} />
      <ProcessingTimesCard canEdit={isAdmin || hasRole('legal_assistant')} />
    </ConfiguracoesPage>
  );
}
