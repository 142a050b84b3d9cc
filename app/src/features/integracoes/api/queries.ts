import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { integrationKeys } from './keys';
import { fetchProviders, fetchS3Setting, saveProviders, saveS3Setting } from './system-settings';

/** S3 status: a failed read only means "not connected" here (logged, no toast). */
export function useS3Setting(enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.s3(),
    queryFn: async () => {
      try {
        return await fetchS3Setting();
      } catch (error) {
        console.error(error);
        return null;
      }
    },
    enabled,
    meta: { silent: true },
  });
}

export function useSaveS3Setting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveS3Setting,
    onSuccess: () => invalidateTables(queryClient, ['system_settings']),
  });
}

export function useProviders(enabled: boolean) {
  return useQuery({ queryKey: integrationKeys.providers(), queryFn: fetchProviders, enabled });
}

export function useSaveProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProviders,
    onSuccess: () => invalidateTables(queryClient, ['system_settings']),
  });
}
