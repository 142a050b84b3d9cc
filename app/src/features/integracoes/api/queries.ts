import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrationKeys } from './keys';
import { fetchS3Setting, saveS3Setting } from './system-settings';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.s3() }),
  });
}
