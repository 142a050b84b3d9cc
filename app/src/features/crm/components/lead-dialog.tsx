/** A lead's details (create/edit), its activities, and "Converter em cliente". */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { PersonSelect } from '@/components/person-select';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LabelOptions, NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { nameOf, useStaffOptions } from '@/lib/people';
import { useAddLeadActivity, useConvertLead, useDeleteLead, useSaveLead, type LeadRow } from '../api/mutations';
import { useCaseTypes, useLeadActivities } from '../api/queries';
import { STAGES, type Lead } from '../lib/leads';
import { crmStrings as t } from '../strings';
import { closeAfter } from '@/lib/close-after';
import { fill } from '@/lib/strings';
import { dialogSession, useDialogForm } from '@/hooks/use-dialog-form';

function toRow(lead: Lead | null, owner: string): LeadRow {
  return {
    name: lead?.name ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    source: lead?.source ?? 'indicacao',
    case_type_interest: lead?.case_type_interest ?? '',
    stage: lead?.stage ?? 'novo',
    owner_id: lead?.owner_id ?? owner,
    notes: lead?.notes ?? '',
  };
}

const clean = (row: LeadRow): LeadRow => ({
  ...row,
  name: row.name.trim(),
  email: row.email?.trim() || null,
  phone: row.phone?.trim() || null,
  case_type_interest: row.case_type_interest || null,
  owner_id: row.owner_id || null,
  notes: row.notes?.trim() || null,
});

function Activities({ lead, canEdit }: { lead: Lead; canEdit: boolean }) {
  const activities = useLeadActivities(lead.id);
  const staff = useStaffOptions();
  const add = useAddLeadActivity(lead.id);
  const [kind, setKind] = useState('nota');
  const [body, setBody] = useState('');
  async function submit() {
    try {
      await add.mutateAsync({ kind, body: body.trim() });
      setBody('');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <section aria-label={t.activities} className="flex flex-col gap-2 border-t pt-3">
      <h3 className="font-semibold">{t.activities}</h3>
      {canEdit && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <NativeSelect
            aria-label="Tipo de atividade"
            className="sm:w-36"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
          >
            {Object.entries(t.activityKinds)
              .filter(([value]) => value !== 'estagio')
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
          </NativeSelect>
          <Input
            aria-label={t.activityPlaceholder}
            placeholder={t.activityPlaceholder}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <Button type="button" variant="secondary" onClick={submit} disabled={!body.trim() || add.isPending}>
            {t.addActivity}
          </Button>
        </div>
      )}
      {(activities.data?.length ?? 0) === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noActivities}</p>
      ) : (
        <ul className="flex max-h-56 flex-col gap-2 overflow-y-auto">
          {activities.data!.map((a) => (
            <li key={a.id} className="rounded-md bg-muted p-2 text-sm">
              <p className="text-xs text-muted-foreground">
                {t.activityKinds[a.kind] ?? a.kind} · {nameOf(staff.data, a.author_id, '')} ·{' '}
                {formatDateTime(a.created_at)}
              </p>
              <p>{a.kind === 'estagio' ? a.body.replace(/\w+/g, (s) => t.stages[s] ?? s) : a.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Convert({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const convert = useConvertLead();
  const [password, setPassword] = useState('');
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit() {
    if (password.length < 6) {
      setProblem(t.passwordTooShort);
      return;
    }
    try {
      await convert.mutateAsync({ id: lead.id, password });
      toast.success(t.converted);
      setOpen(false);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }
  if (!open) {
    return (
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        {t.convert}
      </Button>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2 rounded-md border p-3">
      <p className="text-sm text-muted-foreground">{t.convertDescription}</p>
      <FormField label={t.password} error={problem ?? undefined}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="button" onClick={submit} disabled={convert.isPending}>
        {t.convertTitle}
      </Button>
    </div>
  );
}

export function LeadDialog({
  open,
  onOpenChange,
  lead,
  canEdit,
  defaultOwner,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lead: Lead | null;
  canEdit: boolean;
  defaultOwner: string;
}) {
  const {
    values: row,
    set,
    problem,
    setProblem,
  } = useDialogForm(dialogSession(open, lead), () => toRow(lead, defaultOwner));
  const staff = useStaffOptions();
  const caseTypes = useCaseTypes();
  const save = useSaveLead();
  const remove = useDeleteLead();
  const [confirming, setConfirming] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (row.name.trim().length < 3) {
      setProblem(t.nameTooShort);
      return;
    }
    await closeAfter(
      () => save.mutateAsync({ id: lead?.id ?? null, row: clean(row) }),
      { success: t.saved, error: t.saveError },
      onOpenChange,
    );
  }

  async function destroy() {
    if (!lead) return;
    await closeAfter(() => remove.mutateAsync(lead.id), { success: t.deleted, error: t.saveError }, onOpenChange);
  }

  const types = [...new Set([...(caseTypes.data ?? []), ...(row.case_type_interest ? [row.case_type_interest] : [])])];
  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={lead ? lead.name : t.newLead}
        description={canEdit ? t.description : t.readOnly}
        pending={save.isPending}
        onSubmit={submit}
        className="max-w-xl"
        formClassName="grid gap-3 sm:grid-cols-2"
        cancel={false}
        editable={canEdit}
        footerClassName="flex-wrap"
        actions={
          lead && (
            <Button type="button" variant="destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              Excluir
            </Button>
          )
        }
        after={
          <>
            {lead && canEdit && !lead.client_id && <Convert lead={lead} onDone={() => onOpenChange(false)} />}
            {lead?.client_id && (
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline">
                  <Link to={paths.clientes}>{t.openClient}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={paths.financeiro.orcamentos}>{t.startQuote}</Link>
                </Button>
              </div>
            )}
            {lead && <Activities lead={lead} canEdit={canEdit} />}
          </>
        }
      >
        <fieldset disabled={!canEdit} className="contents">
          <FormField label={t.fields.name} className="sm:col-span-2" error={problem ?? undefined}>
            <Input value={row.name} onChange={(e) => set('name', e.target.value)} maxLength={160} />
          </FormField>
          <FormField label={t.fields.email}>
            <Input type="email" value={row.email ?? ''} onChange={(e) => set('email', e.target.value)} />
          </FormField>
          <FormField label={t.fields.phone}>
            <Input type="tel" value={row.phone ?? ''} onChange={(e) => set('phone', e.target.value)} />
          </FormField>
          <FormField label={t.fields.source}>
            <NativeSelect value={row.source} onChange={(e) => set('source', e.target.value)}>
              <LabelOptions labels={t.sources} />
            </NativeSelect>
          </FormField>
          <FormField label={t.fields.caseType}>
            <NativeSelect
              value={row.case_type_interest ?? ''}
              onChange={(e) => set('case_type_interest', e.target.value)}
            >
              <option value="">{t.noCaseType}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t.fields.stage}>
            <NativeSelect value={row.stage} onChange={(e) => set('stage', e.target.value as LeadRow['stage'])}>
              {STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {t.stages[stage]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t.fields.owner}>
            <PersonSelect
              people={staff.data}
              emptyLabel={t.noOwner}
              value={row.owner_id ?? ''}
              onValueChange={(id) => set('owner_id', id)}
            />
          </FormField>
          <FormField label={t.fields.notes} className="sm:col-span-2">
            <Textarea rows={3} value={row.notes ?? ''} onChange={(e) => set('notes', e.target.value)} />
          </FormField>
        </fieldset>
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.deleteTitle}
        description={fill(t.deleteDescription, { name: lead?.name ?? '' })}
        pending={remove.isPending}
        onConfirm={destroy}
      />
    </>
  );
}
