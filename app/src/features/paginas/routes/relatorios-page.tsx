/** /relatorios: what the office reports will hold (finance reports live under Financeiro). */
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { ComingSoon } from '../components/coming-soon';

export default function RelatoriosPage() {
  const { hasRole } = useAuth();
  return (
    <div>
      <PageHeader title="Relatórios" description="Indicadores do escritório para acompanhamento da equipe." />
      <ComingSoon
        title="Relatórios gerenciais"
        items={[
          'Processos por tipo, estágio e status',
          'Novos clientes por mês',
          'Atendimentos registrados por membro da equipe',
          'Prazos e audiências dos próximos meses',
        ]}
      >
        {hasRole('administrator') && (
          <p className="text-sm text-muted-foreground">
            Os relatórios financeiros já estão em{' '}
            <Link to={paths.financeiro.relatorios} className="text-primary underline-offset-4 hover:underline">
              Financeiro › Relatórios
            </Link>
            .
          </p>
        )}
      </ComingSoon>
    </div>
  );
}
