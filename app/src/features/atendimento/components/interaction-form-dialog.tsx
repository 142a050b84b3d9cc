import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ClientPicker } from '@/components/client-picker';
import { FormDialog } from '@/components/form-dialog';
import { ProcessPicker } from '@/components/process-picker';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toDateTimeLocal, type InteractionRow } from '../lib/interactions';
import {
  asksDuration,
  INTERACTION_STATUSES,
  INTERACTION_TYPES,
  interactionSchema,
  STATUS_LABELS,
  TYPE_LABELS,
  type InteractionInput,
} from '../schemas';
import { atendimentoStrings as t } from '../strings';

export function emptyInteraction(now: Date = new Date()): InteractionInput {
  return {
    clientId: '',
    processId: '',
    type: '',
    contactDate: toDateTimeLocal(now),
    duration: '',
    content: '',
    status: 'completed',
  };
}

export function interactionToInput(row: InteractionRow): InteractionInput {
  return {
    clientId: row.client_id,
    processId: row.process_id ? String(row.process_id) : '',
    type: row.type,
    contactDate: toDateTimeLocal(row.contact_date),
    duration: row.duration_minutes ? String(row.duration_minutes) : '',
    content: row.content,
    status: row.status,
  };
}

export function InteractionFormDialog({
  open,
  onOpenChange,
  interaction,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The interaction being edited; null for a new one. */
  interaction: InteractionRow | null;
  pending: boolean;
  onSubmit: (input: InteractionInput) => Promise<boolean>;
}) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<InteractionInput>({ resolver: zodResolver(interactionSchema), defaultValues: emptyInteraction() });
  const type = useWatch({ control, name: 'type' });
  const clientId = useWatch({ control, name: 'clientId' });

  useEffect(() => {
    if (open) reset(interaction ? interactionToInput(interaction) : emptyInteraction());
  }, [open, interaction, reset]);

  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) reset(emptyInteraction());
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={interaction ? 'Editar Interação' : t.newInteraction}
      description="Registre uma ligação, mensagem, documento, reunião ou outro contato com o cliente."
      pending={pending}
      onSubmit={submit}
      className="sm:max-w-xl"
    >
      <FormField label="Cliente" error={errors.clientId}>
        <Controller
          control={control}
          name="clientId"
          render={({ field }) => (
            <ClientPicker
              emptyLabel="Selecione um cliente"
              value={field.value}
              onValueChange={(value) => {
                field.onChange(value);
                setValue('processId', '');
              }}
            />
          )}
        />
      </FormField>
      <FormField label="Processo (opcional)" error={errors.processId}>
        <Controller
          control={control}
          name="processId"
          render={({ field }) => (
            <ProcessPicker
              emptyLabel={t.noProcess}
              clientId={clientId}
              value={field.value ?? ''}
              onValueChange={field.onChange}
            />
          )}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Tipo de interação" error={errors.type}>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger>
                  <SelectValue placeholder="Selecione o tipo" />
                </SelectTrigger>
                <SelectContent>
                  {INTERACTION_TYPES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {TYPE_LABELS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger>
                  <SelectValue placeholder="Selecione o status" />
                </SelectTrigger>
                <SelectContent>
                  {INTERACTION_STATUSES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {STATUS_LABELS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Data e hora" error={errors.contactDate}>
          <Input type="datetime-local" {...register('contactDate')} />
        </FormField>
        {asksDuration(type) && (
          <FormField label="Duração (minutos)" error={errors.duration}>
            <Input type="number" inputMode="numeric" min={1} step={1} {...register('duration')} />
          </FormField>
        )}
      </div>
      <FormField label="Descrição" error={errors.content}>
        <Textarea rows={4} placeholder="Descreva o atendimento..." {...register('content')} />
      </FormField>
    </FormDialog>
  );
}
