/** Create or edit an appointment; warns when the staff member already has something then, and saving such a
 * double booking asks for explicit confirmation ("Conflito de horário"). */
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ClientPicker } from '@/components/client-picker';
import { PersonSelect } from '@/components/person-select';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LabelOptions, NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { formatOfficeDateTime, useOfficeTimeZone, useOfficeZoneNote } from '@/lib/office-time';
import { nameOf, useClientNames, useStaffOptions } from '@/lib/people';
import { useDeleteAppointment, useSaveAppointment } from '../api/mutations';
import { useConflicts } from '../api/queries';
import {
  formFromAppointment,
  formStart,
  rowFromForm,
  validateForm,
  type Appointment,
  type AppointmentClash,
  type AppointmentForm,
} from '../lib/appointments';
import { agendaStrings as t } from '../strings';
import { closeAfter } from '@/lib/close-after';
import { dialogSession, useDialogForm } from '@/hooks/use-dialog-form';

export interface AppointmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  appointment: Appointment | null;
  start?: Date;
  defaultStaffId?: string;
}

export function AppointmentDialog({ open, onOpenChange, appointment, start, defaultStaffId }: AppointmentDialogProps) {
  // Date and time typed here are the office's clock (10:00 means 10:00 where the office is).
  const zone = useOfficeTimeZone();
  const zoneNote = useOfficeZoneNote();
  const {
    values: form,
    set,
    problem,
    setProblem,
  } = useDialogForm(dialogSession(open, appointment), () =>
    formFromAppointment(appointment, start, defaultStaffId, zone),
  );
  const staff = useStaffOptions();
  const save = useSaveAppointment();
  const remove = useDeleteAppointment();
  const [confirming, setConfirming] = useState(false);

  const conflicts = useConflicts(
    form.staff_id,
    formStart(form, zone),
    Number(form.duration_minutes) || 0,
    appointment?.id ?? '',
  );

  // The clashes the staff member was asked to accept; null while nothing is being confirmed.
  const [pendingClashes, setPendingClashes] = useState<AppointmentClash[] | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const issue = validateForm(form, zone);
    if (issue) {
      setProblem(issue === 'link' ? t.linkInvalid : t.required);
      return;
    }
    // the latest answer, not what the warning showed a moment ago: a colleague may have just booked the slot
    const latest = conflicts.isEnabled ? ((await conflicts.refetch()).data ?? []) : [];
    if (latest.length > 0) {
      setPendingClashes(latest);
      return;
    }
    await persist();
  }

  async function persist() {
    setPendingClashes(null);
    await closeAfter(
      () => save.mutateAsync({ id: appointment?.id ?? null, row: rowFromForm(form, zone)! }),
      { success: t.saved, error: t.saveError },
      onOpenChange,
    );
  }

  async function destroy() {
    if (!appointment) return;
    await closeAfter(
      () => remove.mutateAsync(appointment.id),
      { success: t.deleted, error: t.saveError },
      onOpenChange,
    );
  }

  const clashes = conflicts.data ?? [];
  const clashClients = useClientNames(clashes.map((c) => c.client_id ?? ''));
  const clashList = (items: AppointmentClash[]) => (
    <ul className="list-disc pl-5">
      {items.map((c) => (
        <li key={c.id}>
          {formatOfficeDateTime(c.starts_at, zone)} ({c.duration_minutes} min) —{' '}
          {c.title ?? nameOf(clashClients.data, c.client_id, 'Agendamento')}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={appointment ? t.editAppointment : t.newAppointment}
        description={t.description}
        pending={save.isPending}
        onSubmit={submit}
        className="max-w-xl"
        formClassName="grid gap-3 sm:grid-cols-2"
        cancel={false}
        actions={
          appointment && (
            <Button type="button" variant="destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              {t.delete}
            </Button>
          )
        }
      >
        <FormField label={t.client}>
          <ClientPicker emptyLabel={t.noClient} value={form.client_id} onValueChange={(id) => set('client_id', id)} />
        </FormField>
        <FormField label={t.staff}>
          <PersonSelect
            people={staff.data}
            emptyLabel={t.noStaff}
            value={form.staff_id}
            onValueChange={(id) => set('staff_id', id)}
          />
        </FormField>
        <FormField label={t.titleField} className="sm:col-span-2">
          <Input value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={160} />
        </FormField>
        <FormField label={t.date}>
          <Input type="date" value={form.date} onChange={(e) => set('date', e.target.value)} required />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t.time}>
            <Input type="time" value={form.time} onChange={(e) => set('time', e.target.value)} required />
          </FormField>
          <FormField label={t.duration}>
            <Input
              type="number"
              min={5}
              max={720}
              step={5}
              value={form.duration_minutes}
              onChange={(e) => set('duration_minutes', Number(e.target.value))}
            />
          </FormField>
        </div>
        {zoneNote && <p className="text-xs text-muted-foreground sm:col-span-2">{zoneNote}</p>}
        <FormField label={t.kind}>
          <NativeSelect value={form.kind} onChange={(e) => set('kind', e.target.value as AppointmentForm['kind'])}>
            <option value="presencial">{t.kinds.presencial}</option>
            <option value="online">{t.kinds.online}</option>
          </NativeSelect>
        </FormField>
        {form.kind === 'online' ? (
          <FormField label={t.meetingLink}>
            <Input
              type="url"
              placeholder="https://meet.google.com/..."
              value={form.meeting_link}
              onChange={(e) => set('meeting_link', e.target.value)}
            />
          </FormField>
        ) : (
          <FormField label={t.location}>
            <Input value={form.location} onChange={(e) => set('location', e.target.value)} />
          </FormField>
        )}
        <FormField label={t.status}>
          <NativeSelect
            value={form.status}
            onChange={(e) => set('status', e.target.value as AppointmentForm['status'])}
          >
            <LabelOptions labels={t.statuses} />
          </NativeSelect>
        </FormField>
        <FormField label={t.notes} className="sm:col-span-2">
          <Textarea rows={3} value={form.notes} onChange={(e) => set('notes', e.target.value)} />
        </FormField>
        {clashes.length > 0 && (
          <div
            role="alert"
            className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t.conflictTitle}</p>
              <p>{t.conflictText}</p>
              {clashList(clashes)}
            </div>
          </div>
        )}
        {problem && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {problem}
          </p>
        )}
      </FormDialog>
      <ConfirmDialog
        open={pendingClashes !== null}
        onOpenChange={(isOpen) => !isOpen && setPendingClashes(null)}
        title={t.conflictTitle}
        description={t.conflictConfirmText}
        cancelLabel={t.conflictBack}
        confirmLabel={t.conflictConfirm}
        destructive={false}
        pending={save.isPending}
        onConfirm={persist}
      >
        <div className="text-sm">{clashList(pendingClashes ?? [])}</div>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.deleteTitle}
        description={t.deleteDescription}
        pending={remove.isPending}
        onConfirm={destroy}
      />
    </>
  );
}
