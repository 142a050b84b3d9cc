/** Query keys of the dashboard. */
import { readsTables } from '@/lib/data-keys';
export const dashboardKeys = {
  all: ['dashboard'] as const,
  clients: () => [...dashboardKeys.all, 'clients'] as const,
  processes: () => [...dashboardKeys.all, 'processes'] as const,
  revenue: () => [...dashboardKeys.all, 'revenue'] as const,
  documents: () => [...dashboardKeys.all, 'documents'] as const,
  pendingTasks: () => [...dashboardKeys.all, 'pending-tasks'] as const,
  appointments: () => [...dashboardKeys.all, 'appointments'] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
};

readsTables(dashboardKeys.all, [
  'clients',
  'processes',
  'financial_payments',
  'tasks',
  'appointments',
  'client_documents',
  'financial_contracts',
]);
