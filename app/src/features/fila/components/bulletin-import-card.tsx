/** Configurações > Boletim de Vistos (administrators import; every staff member sees the months kept): the saved
 * page of the State Department's bulletin (or its address, when the site answers), and which chart USCIS accepts
 * for adjustment of status that month. Importing tells staff and clients of processes that turned current or
 * retrogressed, so it asks for confirmation first. */
import { FileUp } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBulletinMonths, useImportBulletin } from '../api';
import { CHART_LABEL, bulletinMonthLabel, type Chart } from '../rules';

const MAX_BYTES = 5 * 1024 * 1024;

/** FormField gives its child the id, aria-invalid and aria-describedby: they reach the <select>. */
function ChartSelect({
  value,
  onChange,
  ...props
}: { value: Chart; onChange: (value: Chart) => void } & Omit<ComponentProps<'select'>, 'value' | 'onChange'>) {
  return (
    <NativeSelect {...props} value={value} onChange={(e) => onChange(e.target.value as Chart)}>
      {Object.entries(CHART_LABEL).map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </NativeSelect>
  );
}

export function BulletinImportCard({ canImport }: { canImport: boolean }) {
  const months = useBulletinMonths();
  const importer = useImportBulletin();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [family, setFamily] = useState<Chart>('dates_for_filing');
  const [employment, setEmployment] = useState<Chart>('final_action');
  const [confirming, setConfirming] = useState(false);

  const run = async () => {
    let html: string | undefined;
    if (file) {
      if (file.size > MAX_BYTES) {
        toast.error('Arquivo grande demais para um Boletim de Vistos');
        return;
      }
      html = await file.text();
    }
    await importer
      .mutateAsync({
        ...(html ? { html } : { url: url.trim() }),
        uscisChartFamily: family,
        uscisChartEmployment: employment,
      })
      .then((result) => {
        toast.success(
          `Boletim de ${bulletinMonthLabel(result.month)} importado: ${result.rows} datas; ` +
            `${result.became_current} processo(s) ficaram em dia e ${result.retrogressed} recuaram.`,
        );
        setFile(null);
        setUrl('');
      })
      .catch((error: unknown) => toast.error(`Erro ao importar o boletim: ${errorMessage(error)}`));
  };

  return (
    <Card data-testid="bulletin-import">
      <CardHeader>
        <CardTitle as="h2">Boletim de Vistos</CardTitle>
        <CardDescription>
          Boletim mensal do Departamento de Estado: datas de corte por categoria (Final Action Dates e Dates for
          Filing). Todos os meses importados ficam guardados.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canImport && (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!file && !url.trim()) {
                toast.error('Escolha o arquivo da página do boletim ou informe o endereço dela');
                return;
              }
              setConfirming(true);
            }}
          >
            <div className="grid gap-4 md:grid-cols-2">
              <FormField label="Página do boletim salva (HTML)">
                <Input
                  type="file"
                  accept=".html,.htm,text/html"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </FormField>
              <FormField
                label="Ou o endereço da página"
                description="travel.state.gov; o site costuma recusar servidores, então prefira o arquivo."
              >
                <Input
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://travel.state.gov/content/travel/en/legal/visa-law0/visa-bulletin/…"
                  disabled={Boolean(file)}
                />
              </FormField>
              <FormField label="Tabela aceita pelo USCIS para ajuste: família">
                <ChartSelect value={family} onChange={setFamily} />
              </FormField>
              <FormField label="Tabela aceita pelo USCIS para ajuste: emprego">
                <ChartSelect value={employment} onChange={setEmployment} />
              </FormField>
            </div>
            <div>
              <Button type="submit" disabled={importer.isPending}>
                <FileUp aria-hidden="true" />
                Importar boletim
              </Button>
            </div>
          </form>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">Meses importados</h3>
          {(months.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum boletim importado.</p>
          ) : (
            <ul className="grid gap-1 text-sm" data-testid="bulletin-months">
              {(months.data ?? []).map((m) => (
                <li key={m.month}>
                  <span className="font-medium">{bulletinMonthLabel(m.month)}</span> · USCIS aceita: família{' '}
                  {m.uscis_chart_family === 'final_action' ? 'Final Action' : 'Dates for Filing'}, emprego{' '}
                  {m.uscis_chart_employment === 'final_action' ? 'Final Action' : 'Dates for Filing'} · importado em{' '}
                  {formatDateTime(m.imported_at)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        destructive={false}
        title="Importar o Boletim de Vistos?"
        description="As datas do mês substituem as já importadas para o mesmo mês. Se o boletim for o mais recente, a equipe e os clientes de processos que ficarem em dia ou recuarem serão avisados."
        pending={importer.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
