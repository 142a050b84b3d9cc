/** Configurações > Tempos de processamento do USCIS: per form and office, typed or imported (CSV/JSON) by
 * administrators and legal assistants; other staff read them. */
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteProcessingTime, useProcessingTimes, useSaveProcessingTimes, type ProcessingTime } from '../api';
import { ProcessingTimesError, parseProcessingTimes, processingTimeRow } from '../processing-times';

const EMPTY = { form: '', office: '', form_category: '', min_months: '', max_months: '' };

export function ProcessingTimesCard({ canEdit }: { canEdit: boolean }) {
  const times = useProcessingTimes();
  const save = useSaveProcessingTimes();
  const remove = useDeleteProcessingTime();
  const [draft, setDraft] = useState(EMPTY);
  const [removing, setRemoving] = useState<ProcessingTime | null>(null);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  const store = (rows: ReturnType<typeof parseProcessingTimes>, done: string) =>
    save.mutate(rows, {
      onSuccess: () => {
        toast.success(done);
        setDraft(EMPTY);
      },
      onError: (error) => toast.error(`Erro ao salvar os tempos: ${errorMessage(error)}`),
    });

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const rows = parseProcessingTimes(await file.text());
      store(rows, `${rows.length} tempo(s) de processamento importado(s)`);
    } catch (error) {
      toast.error(error instanceof ProcessingTimesError ? error.message : errorMessage(error));
    }
  };

  return (
    <Card data-testid="processing-times">
      <CardHeader>
        <CardTitle as="h2">Tempos de processamento do USCIS</CardTitle>
        <CardDescription>
          Prazos publicados pelo USCIS por formulário e escritório, em meses. O processo compara com a data de
          recebimento: dentro do prazo ou acima do prazo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canEdit && (
          <form
            className="grid gap-3 md:grid-cols-[8rem_1fr_1fr_6rem_6rem_auto] md:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              try {
                store([{ ...processingTimeRow(draft, 1), source: 'manual' }], 'Tempo de processamento salvo');
              } catch (error) {
                toast.error(
                  error instanceof ProcessingTimesError ? error.message.replace('Linha 1: ', '') : String(error),
                );
              }
            }}
          >
            <FormField label="Formulário">
              <Input value={draft.form} onChange={set('form')} placeholder="I-485" maxLength={8} />
            </FormField>
            <FormField label="Escritório">
              <Input value={draft.office} onChange={set('office')} placeholder="National Benefits Center" />
            </FormField>
            <FormField label="Categoria (opcional)">
              <Input value={draft.form_category} onChange={set('form_category')} />
            </FormField>
            <FormField label="Mínimo (meses)">
              <Input value={draft.min_months} onChange={set('min_months')} inputMode="decimal" />
            </FormField>
            <FormField label="Máximo (meses)">
              <Input value={draft.max_months} onChange={set('max_months')} inputMode="decimal" />
            </FormField>
            <Button type="submit" disabled={save.isPending}>
              <Plus aria-hidden="true" />
              Salvar
            </Button>
          </form>
        )}
        {canEdit && (
          <FormField
            label="Importar arquivo (CSV ou JSON)"
            description="Colunas form, office, form_category, min_months, max_months, published_on."
          >
            <Input
              type="file"
              accept=".csv,.json,text/csv,application/json"
              onChange={(e) => {
                void importFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </FormField>
        )}
        {/* with no delete buttons inside, the scrolling area itself takes the focus (a phone's keyboard user) */}
        <Table keyboardScroll={!canEdit || (times.data ?? []).length === 0}>
          <TableHeader>
            <TableRow>
              <TableHead>Formulário</TableHead>
              <TableHead>Escritório</TableHead>
              <TableHead>Prazo</TableHead>
              <TableHead>Publicado em</TableHead>
              {canEdit && <TableHead className="w-12" />}
            </TableRow>
          </TableHeader>
          <TableBody>
            {(times.data ?? []).length === 0 ? (
              <TableRow>
                <TableCell colSpan={canEdit ? 5 : 4} className="text-muted-foreground">
                  Nenhum tempo de processamento cadastrado.
                </TableCell>
              </TableRow>
            ) : (
              (times.data ?? []).map((t) => (
                <TableRow key={t.id}>
                  <TableCell className="font-mono text-xs">{t.form}</TableCell>
                  <TableCell>
                    {t.office}
                    {t.form_category && <span className="block text-xs text-muted-foreground">{t.form_category}</span>}
                  </TableCell>
                  <TableCell>
                    {Number(t.min_months).toLocaleString('pt-BR')} a {Number(t.max_months).toLocaleString('pt-BR')}{' '}
                    meses
                  </TableCell>
                  <TableCell>{formatDate(t.published_on)}</TableCell>
                  {canEdit && (
                    <TableCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Excluir ${t.form} ${t.office}`}
                        onClick={() => setRemoving(t)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Excluir tempo de processamento?"
        description={removing ? `${removing.form} em ${removing.office} deixa de ser comparado com os processos.` : ''}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutateAsync(removing.id).then(
            () => toast.success('Tempo de processamento excluído'),
            (error: unknown) => toast.error(`Erro ao excluir: ${errorMessage(error)}`),
          )
        }
      />
    </Card>
  );
}
