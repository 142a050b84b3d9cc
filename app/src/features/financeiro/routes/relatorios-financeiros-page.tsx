/** /financeiro/relatorios: financial reports (empty cards for now) and data export. */
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FinancePageHeader } from '../components/finance-page-header';

export const REPORT_CARDS = ['Vendas', 'Pagamentos', 'Despesas', 'Comissões', 'Contratos', 'Inadimplência'] as const;

export default function RelatoriosFinanceirosPage() {
  return (
    <>
      <FinancePageHeader
        title="Relatórios Financeiros"
        description="Indicadores financeiros do escritório."
        actions={
          <Button variant="outline">
            <Download aria-hidden="true" />
            Exportar Dados
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {REPORT_CARDS.map((title) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
              <CardDescription>Relatório de {title.toLowerCase()}</CardDescription>
            </CardHeader>
            <CardContent>
              <div className="flex h-32 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
                Sem dados para exibir
              </div>
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
