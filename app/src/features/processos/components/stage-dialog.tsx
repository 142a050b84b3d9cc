import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { stageOutcome, useChangeStage } from '../api/stage';
import { useStages } from '../api/queries';
import type { ProcessRow } from '../api/types';
import { stageUpdateSchema, type StageUpdateInput } from '../schemas';
import { fill, processStrings as t } from '../strings';

const DEFAULTS: StageUpdateInput = { stageId: '', notificationChannel: 'email', notificationMessage: '' };

export function StageDialog({
  process,
  onOpenChange,
}: {
  process: ProcessRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = process !== null;
  const { data: stages = [], isLoading } = useStages(open);
  // the database moves the stage and notifies the client; the answer says what it really queued
  const updateStage = useChangeStage();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StageUpdateInput>({ resolver: zodResolver(stageUpdateSchema), defaultValues: DEFAULTS });

  useEffect(() => {
    if (!process) return;
    const current = stages.find((stage) => stage.name === process.stage);
    reset({ ...DEFAULTS, stageId: current ? String(current.id) : '' });
  }, [process, stages, reset]);

  const onSubmit = async (values: StageUpdateInput) => {
    if (!process) {
      toast.error(t.noProcessSelected);
      return;
    }
    const stage = stages.find((item) => String(item.id) === values.stageId);
    if (!stage) {
      toast.error(fill(t.stageUpdateError, { message: 'Selecione um estágio' }));
      return;
    }
    try {
      const result = await updateStage.mutateAsync({
        processId: process.id,
        stageName: stage.name,
        message: values.notificationMessage,
      });
      toast.success(t.stageUpdated, { description: `${process.type}: ${stage.name}` });
      const outcome = stageOutcome(result);
      if (outcome.queued) toast.success(outcome.text);
      else toast.info(outcome.text);
      onOpenChange(false);
    } catch (error) {
      toast.error(fill(t.stageUpdateError, { message: errorMessage(error) }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Atualizar estágio</DialogTitle>
          <DialogDescription>
            {process ? `${process.type} — ${process.client?.full_name ?? process.client_name ?? ''}` : ''}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField label="Estágio" error={errors.stageId}>
            <Controller
              control={control}
              name="stageId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={isLoading}>
                  <SelectTrigger>
                    <SelectValue placeholder={isLoading ? 'Carregando...' : 'Selecione um estágio'} />
                  </SelectTrigger>
                  <SelectContent>
                    {stages.map((stage) => (
                      <SelectItem key={stage.id} value={String(stage.id)}>
                        {stage.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField label="Mensagem (opcional)" error={errors.notificationMessage}>
            <Textarea rows={3} placeholder="Mensagem para o cliente" {...register('notificationMessage')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={updateStage.isPending}>
              {updateStage.isPending && <Spinner className="size-4 text-current" />}
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
