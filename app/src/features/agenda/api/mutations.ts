/** Writes of the agenda: save/delete an appointment, rotate the feed token, a client's request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { rowFromForm } from '../lib/appointments';

type AppointmentRow = NonNullable<ReturnType<typeof rowFromForm>>;

export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, row }: { id: string | null; row: AppointmentRow }) => {
      if (id) await supabase.from('appointments').update(row).eq('id', id).throwOnError();
      else await supabase.from('appointments').insert(row).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['appointments']),
  });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await supabase.from('appointments').delete().eq('id', id).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['appointments']),
  });
}

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await supabase.rpc('rotate_calendar_feed_token').throwOnError();
      return data;
    },
    onSuccess: () => invalidateTables(queryClient, ['calendar_feeds']),
  });
}

export interface AppointmentRequest {
  client_id: string;
  starts_at: string;
  kind: 'presencial' | 'online';
  notes: string | null;
}

export function useRequestAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AppointmentRequest) => {
      await supabase
        .from('appointments')
        .insert({ ...request, status: 'solicitado', duration_minutes: 60 })
        .throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['appointments']),
  });
}
