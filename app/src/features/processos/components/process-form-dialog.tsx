/** Create or edit a process: catalogue type, client, category, receipt, responsible, stage, status, key dates. */
import { useId, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { todayISO } from '@/lib/format';
import { categoryLabel, PROCESS_CATEGORIES, PROCESS_STATUSES, processStatusLabel } from '@/lib/glossary';
import { dialogSession, useDialogForm } from '@/hooks/use-dialog-form';
import { useSaveProcess } from '../api/mutations';
import { ClientPicker } from '@/components/client-picker';
import { useCaseTypes, useStaffDirectory, useStages } from '../api/queries';
import type { ProcessRow } from '../api/types';
import { processFormSchema, type ProcessFormValues } from '../schemas';
import { fill, processStrings as t } from '../strings';

const NONE = '__none__';

function initialValues(process: ProcessRow | null, clientId: string | null): ProcessFormValues {
  return {
    caseTypeId: process?.case_type_id ?? '',
    clientId: process?.client_id ?? clientId ?? '',
    category: process?.category ? categoryLabel(process.category) : '',
    receiptNumber: process?.receipt_number ?? '',
    responsibleId: process?.responsible_id ?? '',
    stage: process?.stage ?? '',
    status: process?.status ?? 'em andamento',
    description: process?.description ?? '',
    openedAt: process?.opened_at ?? todayISO(),
    filedAt: process?.filed_at ?? '',
    nextDate: process?.next_date ?? '',
  };
}

function SelectField({
  label,
  value,
  onChange,
  placeholder,
  options,
  error,
  optional = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: { value: string; label: string }[];
  error?: string;
  optional?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || (optional ? NONE : '')} onValueChange={(v) => onChange(v === NONE ? '' : v)}>
        <SelectTrigger id={id} className="w-full min-w-0" aria-invalid={error ? true : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {optional && <SelectItem value={NONE}>Nenhum</SelectItem>}
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

function DateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

export function ProcessFormDialog({
  open,
  onOpenChange,
  process = null,
  clientId = null,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The process to edit; null creates one. */
  process?: ProcessRow | null;
  /** Client chosen in advance (new process from a client's page). */
  clientId?: string | null;
  onSaved?: (id: number) => void;
}) {
  const form = useDialogForm<ProcessFormValues, Partial<Record<keyof ProcessFormValues, string>>>(
    dialogSession(open, process),
    () => initialValues(process, clientId),
  );
  const { values, setValues, set } = form;
  const errors = form.problem ?? {};
  const setErrors = form.setProblem;
  const { data: caseTypes = [] } = useCaseTypes();
  const clientFieldId = useId();
  const { data: staff = [] } = useStaffDirectory();
  const { data: stages = [] } = useStages(open);
  const save = useSaveProcess();
  const descriptionId = useId();
  const receiptId = useId();

  const onCaseType = (id: string) => {
    const type = caseTypes.find((c) => c.id === id);
    setValues((current) => ({ ...current, caseTypeId: id, category: current.category || type?.category || '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = processFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof ProcessFormValues] ??= issue.message;
      setErrors(next);
      return;
    }
    const v = parsed.data;
    try {
      const id = await save.mutateAsync({
        id: process?.id,
        input: {
          case_type_id: v.caseTypeId,
          client_id: v.clientId,
          category: v.category,
          receipt_number: v.receiptNumber || null,
          responsible_id: v.responsibleId || null,
          stage: v.stage || null,
          status: v.status,
          description: v.description.trim() || null,
          opened_at: v.openedAt,
          filed_at: v.filedAt || null,
          next_date: v.nextDate || null,
        },
      });
      toast.success(process ? t.processSaved : t.processCreated);
      onOpenChange(false);
      onSaved?.(id);
    } catch (error) {
      toast.error(fill(t.processSaveError, { message: errorMessage(error) }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{process ? t.editProcess : t.newProcess}</DialogTitle>
          <DialogDescription>
            {process ? `Processo nº ${process.id}` : 'Abra um processo para um cliente do escritório.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Tipo de Processo"
              value={values.caseTypeId}
              onChange={onCaseType}
              placeholder="Selecione o tipo"
              options={caseTypes.map((c) => ({ value: c.id, label: c.label }))}
              error={errors.caseTypeId}
            />
            <div className="grid min-w-0 gap-2">
              <Label htmlFor={clientFieldId}>Cliente</Label>
              <ClientPicker
                id={clientFieldId}
                emptyLabel="Selecione o cliente"
                value={values.clientId}
                onValueChange={(v) => set('clientId', v)}
                aria-invalid={errors.clientId ? true : undefined}
              />
              {errors.clientId && <p className="text-sm text-destructive">{errors.clientId}</p>}
            </div>
            <SelectField
              label="Categoria"
              value={values.category}
              onChange={(v) => set('category', v)}
              placeholder="Selecione a categoria"
              options={PROCESS_CATEGORIES.map((c) => ({ value: c, label: c }))}
              error={errors.category}
            />
            <div className="grid gap-2">
              <Label htmlFor={receiptId}>Número de Recibo (opcional)</Label>
              <Input
                id={receiptId}
                placeholder="MSC2090123456"
                autoComplete="off"
                value={values.receiptNumber}
                onChange={(e) => set('receiptNumber', e.target.value.toUpperCase())}
              />
              {errors.receiptNumber && <p className="text-sm text-destructive">{errors.receiptNumber}</p>}
            </div>
            <SelectField
              label="Responsável"
              value={values.responsibleId}
              onChange={(v) => set('responsibleId', v)}
              placeholder="Nenhum"
              options={staff.map((s) => ({ value: s.id, label: s.full_name }))}
              optional
            />
            <SelectField
              label="Estágio"
              value={values.stage}
              onChange={(v) => set('stage', v)}
              placeholder="Nenhum"
              options={stages.map((s) => ({ value: s.name, label: s.name }))}
              optional
            />
            <SelectField
              label="Status"
              value={values.status}
              onChange={(v) => set('status', v)}
              placeholder="Selecione o status"
              options={PROCESS_STATUSES.map((s) => ({ value: s, label: processStatusLabel(s) }))}
              error={errors.status}
            />
            <DateField
              label="Data de Abertura"
              value={values.openedAt}
              onChange={(v) => set('openedAt', v)}
              error={errors.openedAt}
            />
            <DateField label="Data de Protocolo" value={values.filedAt} onChange={(v) => set('filedAt', v)} />
            <DateField label="Próxima Data" value={values.nextDate} onChange={(v) => set('nextDate', v)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>Descrição (visível ao cliente no portal)</Label>
            <Textarea
              id={descriptionId}
              rows={3}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner className="size-4 text-current" />}
              Salvar Processo
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
