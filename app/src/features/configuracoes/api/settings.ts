/** Office settings: read (staff), save and logo upload (administrators; RLS refuses others). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { LOGO_BUCKET, loadBranding } from '@/lib/branding';
import { supabase } from '@/lib/supabase';
import { logoObjectName, parseOfficeSettings, SETTINGS_COLUMNS, type OfficeSettings } from '../lib/settings';

export const settingsKeys = { all: ['office-settings'] as const, row: () => ['office-settings', 'row'] as const };

readsTables(settingsKeys.all, ['office_settings']);

export function useOfficeSettings() {
  return useQuery({
    queryKey: settingsKeys.row(),
    queryFn: async (): Promise<OfficeSettings> => {
      const { data } = await supabase.from('office_settings').select(SETTINGS_COLUMNS).single().throwOnError();
      const settings = parseOfficeSettings(data);
      if (!settings) {
        console.warn('office_settings: business_hours or notification_templates has an unexpected shape', data);
        throw new Error('Configurações do escritório em formato inesperado');
      }
      return settings;
    },
    meta: { errorMessage: 'Erro ao carregar configurações' },
  });
}

export function useSaveOfficeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      row,
      logo,
      removeLogo,
    }: {
      row: Omit<OfficeSettings, 'logo_path'>;
      logo: File | null;
      removeLogo: boolean;
    }) => {
      const update: Partial<OfficeSettings> = { ...row };
      if (logo) {
        const name = logoObjectName(logo);
        const { error } = await supabase.storage
          .from(LOGO_BUCKET)
          .upload(name, logo, { contentType: logo.type, upsert: true });
        if (error) throw error;
        update.logo_path = name;
      } else if (removeLogo) {
        update.logo_path = null;
      }
      const { data } = await supabase
        .from('office_settings')
        .update(update)
        .eq('id', true)
        .select('office_name')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Permissão negada');
    },
    onSuccess: async () => {
      await invalidateTables(queryClient, ['office_settings']);
      await loadBranding();
    },
  });
}
