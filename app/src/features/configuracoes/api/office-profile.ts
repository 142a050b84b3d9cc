/** The office's address and contacts and its responsible attorney: read (staff), save (administrators; RLS
 * refuses others, seen as no row updated). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { PROFILE_COLUMNS, type OfficeProfile } from '../lib/office-profile';
import { configuracoesStrings } from '../strings';
import { settingsKeys } from './settings';

export const officeProfileKeys = { row: () => [...settingsKeys.all, 'profile'] as const };

export function useOfficeProfile() {
  return useQuery({
    queryKey: officeProfileKeys.row(),
    queryFn: async (): Promise<OfficeProfile> => {
      const { data } = await supabase.from('office_settings').select(PROFILE_COLUMNS).single().throwOnError();
      return data;
    },
    meta: { errorMessage: 'Erro ao carregar os dados do escritório' },
  });
}

export function useSaveOfficeProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: OfficeProfile): Promise<OfficeProfile> => {
      const { data } = await supabase
        .from('office_settings')
        .update(row)
        .eq('id', true)
        .select(PROFILE_COLUMNS)
        .throwOnError();
      const saved = data?.[0];
      if (!saved) throw new Error(configuracoesStrings.profile.denied);
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(officeProfileKeys.row(), saved);
      // the other views of the office's details (the portal's contact card, the settings)
      return invalidateTables(queryClient, ['office_settings']);
    },
  });
}
