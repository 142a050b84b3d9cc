/** /configuracoes: the office settings, the contract templates, then the settings of "where the case stands" (Visa
 * Bulletin, USCIS times). */
import ConfiguracoesPage from '@/features/configuracoes/routes/configuracoes-page';
import { ContractTemplatesCard } from '@/features/financeiro';
import { BulletinImportCard, ProcessingTimesCard } from '@/features/fila';
import { useAuth } from '@/lib/auth-context';

export default function ConfiguracoesRoute() {
  const { hasRole } = useAuth();
  const isAdmin = hasRole('administrator');
  return (
    <ConfiguracoesPage>
      <ContractTemplatesCard canEdit={isAdmin} />
      <BulletinImportCard canImport={isAdmin} />
      <ProcessingTimesCard canEdit={isAdmin || hasRole('legal_assistant')} />
    </ConfiguracoesPage>
  );
}
