/** /relatorios: processes by type and stage, days in each stage (from the stage history), clients by source. */
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { useClientSources, useDaysPerStage, useProcessesByTypeAndStage } from '../api/queries';
import { DIRECT, processesByTypeAndStage } from '../lib/reports';

const SOURCE_LABELS: Record<string, string> = {
  [DIRECT]: 'Cadastro direto',
  indicacao: 'Indicação',
  site: 'Site',
  instagram: 'Instagram',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  google: 'Google',
  evento: 'Evento',
  outro: 'Outro',
};

function ProcessesByStage() {
  const processes = useProcessesByTypeAndStage();
  if (processes.isPending) return <Skeleton className="h-32" />;
  const { stages, rows } = processesByTypeAndStage(processes.data ?? []);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">Nenhum processo cadastrado.</p>;
  return (
    <Table keyboardScroll>
      <TableHeader>
        <TableRow>
          <TableHead>Tipo</TableHead>
          {stages.map((stage) => (
            <TableHead key={stage} className="text-right">
              {stage}
            </TableHead>
          ))}
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([type, byStage]) => (
          <TableRow key={type}>
            <TableCell className="font-medium">{type}</TableCell>
            {stages.map((stage) => (
              <TableCell key={stage} className="text-right">
                {(byStage.get(stage) ?? 0).toLocaleString('pt-BR')}
              </TableCell>
            ))}
            <TableCell className="text-right font-semibold">
              {[...byStage.values()].reduce((a, b) => a + b, 0).toLocaleString('pt-BR')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function TimeInStage() {
  const days = useDaysPerStage();
  if (days.isPending) return <Skeleton className="h-24" />;
  if (days.data === null || days.data === undefined)
    return <p className="text-sm text-muted-foreground">O histórico de estágios não está disponível.</p>;
  const stats = days.data;
  if (stats.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Ainda não há mudanças de estágio registradas. O tempo em cada estágio aparece a partir da primeira mudança.
      </p>
    );
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Estágio</TableHead>
          <TableHead className="text-right">Média de dias</TableHead>
          <TableHead className="text-right">Passagens</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stats.map((row) => (
          <TableRow key={row.stage}>
            <TableCell className="font-medium">{row.stage}</TableCell>
            <TableCell className="text-right">{Number(row.average_days).toLocaleString('pt-BR')}</TableCell>
            <TableCell className="text-right">{row.total.toLocaleString('pt-BR')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ClientsBySource() {
  const data = useClientSources();
  if (data.isPending) return <Skeleton className="h-24" />;
  const rows = data.data ?? [];
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">Nenhum cliente cadastrado.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Origem</TableHead>
          <TableHead className="text-right">Clientes</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.source}>
            <TableCell className="font-medium">{SOURCE_LABELS[row.source] ?? row.source}</TableCell>
            <TableCell className="text-right">{row.total.toLocaleString('pt-BR')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function RelatoriosPage() {
  const { hasRole } = useAuth();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        className="mb-0"
        title="Relatórios"
        description="Indicadores do escritório para acompanhamento da equipe."
      />
      <Card>
        <CardHeader>
          <CardTitle>Processos por tipo e estágio</CardTitle>
        </CardHeader>
        <CardContent>
          <ProcessesByStage />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Tempo em cada estágio</CardTitle>
            <CardDescription>Calculado a partir do histórico de mudanças de estágio.</CardDescription>
          </CardHeader>
          <CardContent>
            <TimeInStage />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Clientes por origem</CardTitle>
            <CardDescription>Origem do lead que virou cliente no CRM.</CardDescription>
          </CardHeader>
          <CardContent>
            <ClientsBySource />
          </CardContent>
        </Card>
      </div>
      {hasRole('administrator') && (
        <p className="text-sm text-muted-foreground">
          Os relatórios financeiros estão em{' '}
          <Link to={paths.financeiro.relatorios} className="text-primary underline underline-offset-4">
            Financeiro › Relatórios
          </Link>
          .
        </p>
      )}
    </div>
  );
}
