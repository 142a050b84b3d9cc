/**
 * The Formulários tab of /processos: the USCIS forms library (search, category chips, the spec's simulated
 * refresh and download; the update robot, run now and configured by administrators) and the filling of forms: Importar Formulário, Ver, Preencher, Configurar
 * mapeamento and Testar preenchimento. Importing and mapping are for administrators and legal assistants.
 */
import { Bot, Download, Eye, FileInput, PenLine, RefreshCw, Settings, Upload, Wand2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { DemoBadge } from '@/components/demo-badge';
import { Badge, badgeColor } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useMarkFormDownloaded } from '../api/mutations';
import type { UscisForm } from '../api/types';
import { TableStateRows } from '@/components/table-state-rows';
import { ALL_CATEGORIES, FORM_CATEGORIES, filterForms } from '@/lib/forms-filter';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useRunFormsRobot } from '../api/forms-robot';
import { FormsLastCheck } from './forms-last-check';
import { useFormEditions, useUscisForms } from '../api/queries';
import { formsStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { FillDialog, SampleFillDialog, ViewPdfDialog } from './fill-dialogs';
import { ImportFormDialog } from './import-form-dialog';
import { MappingDialog } from './mapping-dialog';

export const FORMS_REFRESH_MS = 2000;
export const FORM_DOWNLOAD_MS = 1500;

type Open = { kind: 'import' | 'mapping' | 'sample' } | { kind: 'view' | 'fill'; form: UscisForm } | null;

export function FormsTab() {
  const { hasRole } = useAuth();
  const isAdmin = hasRole('administrator');
  const canManage = isAdmin || hasRole('legal_assistant');
  const { data: forms = [], isLoading, refetch } = useUscisForms();
  const { data: editions = new Map() } = useFormEditions();
  const markDownloaded = useMarkFormDownloaded();
  const robot = useRunFormsRobot();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [refreshing, setRefreshing] = useState(false);
  const [downloading, setDownloading] = useState<Set<number>>(new Set());
  // Forms "downloaded" in this session even if saving the flag failed.
  const [localDownloaded, setLocalDownloaded] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const visible = useMemo(() => filterForms(forms, search, category), [forms, search, category]);

  const refresh = () => {
    setRefreshing(true);
    timers.current.push(
      window.setTimeout(() => {
        void refetch();
        setRefreshing(false);
        toast.success(t.formsUpdated);
      }, FORMS_REFRESH_MS),
    );
  };

  /** Runs the weekly edition check now (administrators); the last-check line shows its result. */
  const runRobot = () => {
    toast.info(t.robotQueued);
    robot.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome === 'succeeded') toast.success(t.robotSucceeded);
        else if (outcome === 'failed') toast.error(t.robotFailed);
        else toast.info(t.robotStillRunning);
      },
      onError: (error) => toast.error(`${t.robotRequestFailed}: ${errorMessage(error)}`),
    });
  };

  const download = (form: UscisForm) => {
    toast.info(fill(t.formDownloadStart, { number: form.number }));
    setDownloading((prev) => new Set(prev).add(form.id));
    timers.current.push(
      window.setTimeout(() => {
        setDownloading((prev) => {
          const next = new Set(prev);
          next.delete(form.id);
          return next;
        });
        setLocalDownloaded((prev) => new Set(prev).add(form.id));
        markDownloaded.mutate(form);
        toast.success(fill(t.formDownloaded, { number: form.number }));
      }, FORM_DOWNLOAD_MS),
    );
  };

  /** Ver shows the imported PDF; a form never imported opens its official page. */
  const view = (form: UscisForm) => {
    if (editions.has(form.id)) setOpen({ kind: 'view', form });
    else if (form.url) {
      toast.info(t.viewOfficial);
      window.open(form.url, '_blank', 'noopener,noreferrer');
    }
  };

  const close = (value: boolean) => !value && setOpen(null);
  const viewing = open?.kind === 'view' ? open.form : null;
  const filling = open?.kind === 'fill' ? open.form : null;

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle>{t.libraryTitle}</CardTitle>
            <CardDescription>{t.libraryDescription}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={refresh} disabled={refreshing}>
              <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
              Atualizar Formulários
            </Button>
            {canManage && (
              <Button variant="outline" onClick={() => setOpen({ kind: 'import' })}>
                <Upload aria-hidden="true" />
                Importar Formulário
              </Button>
            )}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SearchInput
            placeholder="Buscar por número ou nome..."
            aria-label="Buscar formulários"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div className="flex flex-wrap gap-2" role="group" aria-label="Categorias">
            {[ALL_CATEGORIES, ...FORM_CATEGORIES].map((name) => (
              <Button
                key={name}
                size="sm"
                variant={category === name ? 'default' : 'outline'}
                aria-pressed={category === name}
                className="rounded-full"
                onClick={() => setCategory(name)}
              >
                {name}
              </Button>
            ))}
          </div>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Número</TableHead>
                <TableHead>Nome</TableHead>
                <TableHead>Categoria</TableHead>
                <TableHead>Atualizado em</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStateRows
                loading={isLoading}
                empty={visible.length === 0}
                skeletonRows={4}
                colSpan={6}
                emptyText={t.formsEmpty}
              />
              {!isLoading &&
                visible.map((form) => {
                  const downloaded = form.downloaded || localDownloaded.has(form.id) || editions.has(form.id);
                  const busy = downloading.has(form.id);
                  return (
                    <TableRow key={form.id}>
                      <TableCell className="font-medium">{form.number}</TableCell>
                      <TableCell className="min-w-[14rem]">{form.name}</TableCell>
                      <TableCell>{form.category}</TableCell>
                      <TableCell>
                        <div className="flex flex-wrap items-center gap-1">
                          {formatDate(form.updated_at)}
                          {form.edition_source === 'demo' && <DemoBadge />}
                        </div>
                      </TableCell>
                      <TableCell>
                        {downloaded ? (
                          <Badge variant="outline" className={badgeColor.green}>
                            Disponível
                          </Badge>
                        ) : (
                          <Badge variant="outline" className={badgeColor.gray}>
                            Não baixado
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          {downloaded ? (
                            <>
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() => view(form)}
                                aria-label={`Ver ${form.number}`}
                              >
                                <Eye aria-hidden="true" />
                                Ver
                              </Button>
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() => setOpen({ kind: 'fill', form })}
                                aria-label={`Preencher ${form.number}`}
                              >
                                <PenLine aria-hidden="true" />
                                Preencher
                              </Button>
                            </>
                          ) : (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={busy}
                              onClick={() => download(form)}
                              aria-label={`Baixar ${form.number}`}
                            >
                              <Download aria-hidden="true" />
                              Baixar
                            </Button>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Automação de Formulários</CardTitle>
          <CardDescription>
            Mantenha os formulários atualizados e preencha-os automaticamente com os dados dos clientes.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <div className="grid gap-3 rounded-md border p-4">
            <div className="flex items-center gap-2">
              <Bot className="size-5 text-primary" aria-hidden="true" />
              <h3 className="font-semibold">Robô de atualização</h3>
            </div>
            <p className="text-sm text-muted-foreground">
              Verifica novas edições dos formulários no site do USCIS toda segunda-feira.
            </p>
            <FormsLastCheck />
            {isAdmin && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={runRobot} disabled={robot.isPending}>
                  <RefreshCw className={robot.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
                  Executar agora
                </Button>
                <Button size="sm" variant="outline" asChild>
                  <Link to={paths.tarefasAgendadas}>
                    <Settings aria-hidden="true" />
                    Configurar
                  </Link>
                </Button>
              </div>
            )}
          </div>
          <div className="grid gap-3 rounded-md border p-4">
            <div className="flex items-center gap-2">
              <Wand2 className="size-5 text-primary" aria-hidden="true" />
              <h3 className="font-semibold">Preenchimento automático</h3>
            </div>
            <p className="text-sm text-muted-foreground">
              Preenche os formulários com os dados do cliente e do processo.
            </p>
            <div className="flex flex-wrap gap-2">
              {canManage && (
                <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'mapping' })}>
                  <Settings aria-hidden="true" />
                  Configurar mapeamento
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'sample' })}>
                <FileInput aria-hidden="true" />
                Testar preenchimento
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>

      {canManage && <ImportFormDialog open={open?.kind === 'import'} onOpenChange={close} forms={forms} />}
      {canManage && open?.kind === 'mapping' && (
        <MappingDialog open onOpenChange={close} forms={forms} editions={editions} />
      )}
      {open?.kind === 'sample' && <SampleFillDialog open onOpenChange={close} forms={forms} editions={editions} />}
      {viewing && editions.has(viewing.id) && (
        <ViewPdfDialog open onOpenChange={close} form={viewing} edition={editions.get(viewing.id)!} />
      )}
      {filling && <FillDialog open onOpenChange={close} form={filling} imported={editions.has(filling.id)} />}
    </div>
  );
}
