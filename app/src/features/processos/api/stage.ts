/** Stage changes through change_process_stage: the database notifies the client and says what it queued. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import type { Json } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

/** What the toast says after a stage change, from what the database queued. */
const t = {
  queued: {
    both: 'Notificação enfileirada por e-mail e WhatsApp',
    email: 'Notificação enfileirada por e-mail',
    whatsapp: 'Notificação enfileirada por WhatsApp',
  },
  noChannel: 'Cliente sem canal autorizado: avisado apenas no portal',
  noPortal: 'Cliente sem acesso ao portal: nenhuma notificação enviada',
};

export interface StageChangeResult {
  client_notified: boolean;
  channels: ('email' | 'whatsapp')[];
}

/** change_process_stage's json answer ({client_notified, channels}), read field by field. */
export function toStageChangeResult(data: Json): StageChangeResult {
  const answer = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const channels = Array.isArray(answer.channels) ? answer.channels : [];
  return {
    client_notified: answer.client_notified === true,
    channels: channels.filter((c): c is 'email' | 'whatsapp' => c === 'email' || c === 'whatsapp'),
  };
}

/** What the toast says, from what was really queued. */
export function stageOutcome(result: StageChangeResult): { queued: boolean; text: string } {
  if (!result.client_notified) return { queued: false, text: t.noPortal };
  const email = result.channels.includes('email');
  const whatsapp = result.channels.includes('whatsapp');
  if (email && whatsapp) return { queued: true, text: t.queued.both };
  if (email) return { queued: true, text: t.queued.email };
  if (whatsapp) return { queued: true, text: t.queued.whatsapp };
  return { queued: false, text: t.noChannel };
}

export function useChangeStage(invalidate: readonly (readonly unknown[])[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: { processId: number; stageName: string; message?: string }) => {
      const { data, error } = await supabase.rpc('change_process_stage', {
        p_process_id: vars.processId,
        p_stage: vars.stageName,
        p_message: vars.message?.trim() || null,
      });
      if (error) throw error;
      return toStageChangeResult(data);
    },
    // the stage lives on the process: every view of processes (page, lists, timelines, portal), and the
    // notifications the change queued
    onSettled: () =>
      Promise.all([
        invalidateTables(queryClient, ['processes', 'process_events', 'process_notifications', 'notifications']),
        ...invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
