import { readsTables } from '@/lib/data-keys';
/** Query keys of the integrations page. */
export const integrationKeys = {
  all: ['integrations'] as const,
  s3: () => [...integrationKeys.all, 's3'] as const,
  mail: () => [...integrationKeys.all, 'mail'] as const,
  providers: () => [...integrationKeys.all, 'providers'] as const,
};

readsTables(integrationKeys.all, ['system_settings']);
