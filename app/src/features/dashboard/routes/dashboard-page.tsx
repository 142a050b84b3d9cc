/** / (staff dashboard): four stat cards, six navigation cards and three lists. */
import {
  Calendar,
  CheckSquare,
  ClipboardList,
  DollarSign,
  FileText,
  Target,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { displayName, hasAnyRole } from '@/lib/roles';
import {
  useActiveProcessesFigure,
  useClientsFigure,
  usePendingTasksFigure,
  useRecentDocuments,
  useRecentTasks,
  useRevenueFigure,
  useUpcomingAppointments,
} from '../api/queries';
import { AppointmentsList, DocumentsList, TasksList } from '../components/dashboard-lists';
import { StatCard } from '../components/stat-card';
import { countDisplay, revenueDisplay, type StatDisplay } from '../stats';
import { dashboardStrings as t } from '../strings';
import { fill } from '@/lib/strings';

// A card only for the roles whose menu has the area (no Financeiro card leading to "Nenhuma área financeira").
const NAV_CARDS: { key: keyof typeof t.nav; to: string; icon: LucideIcon; roles?: readonly string[] }[] = [
  { key: 'clientes', to: paths.clientes, icon: Users },
  { key: 'processos', to: paths.processos, icon: FileText },
  { key: 'financeiro', to: paths.financeiro.hub, icon: Wallet, roles: ['administrator', 'legal_assistant'] },
  { key: 'agendamentos', to: paths.agendamentos, icon: Calendar },
  { key: 'tarefas', to: paths.tarefas, icon: CheckSquare },
  { key: 'crm', to: paths.crm, icon: Target, roles: ['administrator', 'commercial'] },
];

/** A stat query as its card shows it: undefined while loading, null when it cannot be read. */
function shown<T>(query: { data: T | undefined; isError: boolean }, display: (data: T) => StatDisplay) {
  if (query.data !== undefined) return display(query.data);
  return query.isError ? null : undefined;
}

export default function DashboardPage() {
  const { user, profile, roles } = useAuth();
  const clients = useClientsFigure();
  const processes = useActiveProcessesFigure();
  // Receita Mensal: administrators only (the database answers others with nothing)
  const seesRevenue = hasAnyRole(roles, ['administrator']);
  const revenue = useRevenueFigure(seesRevenue);
  const documents = useRecentDocuments();
  const pendingTasks = usePendingTasksFigure();
  const appointments = useUpcomingAppointments();
  const tasks = useRecentTasks();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title={t.title}
        description={fill(t.welcome, { name: displayName(profile, user?.email) })}
      />

      <section aria-label="Indicadores" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title={t.stats.clients} icon={Users} display={shown(clients, countDisplay)} />
        <StatCard title={t.stats.activeProcesses} icon={ClipboardList} display={shown(processes, countDisplay)} />
        {seesRevenue && (
          <StatCard
            title={t.stats.revenue}
            icon={DollarSign}
            display={shown(revenue, (figures) => revenueDisplay(figures, t.noRevenue))}
          />
        )}
        <StatCard title={t.stats.pendingTasks} icon={CheckSquare} display={shown(pendingTasks, countDisplay)} />
      </section>

      <nav aria-label="Acesso rápido" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {NAV_CARDS.filter((card) => !card.roles || hasAnyRole(roles, card.roles)).map(({ key, to, icon: Icon }) => (
          <Link
            key={key}
            to={to}
            className="rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Card className="h-full items-center gap-2 px-3 py-4 text-center transition-colors hover:bg-accent">
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <span className="text-sm font-semibold">{t.nav[key].title}</span>
              <span className="text-xs text-muted-foreground">{t.nav[key].description}</span>
            </Card>
          </Link>
        ))}
      </nav>

      <div className="grid gap-4 lg:grid-cols-3">
        <AppointmentsList appointments={appointments.data} loading={appointments.isPending} />
        <TasksList tasks={tasks.data} loading={tasks.isPending} />
        <DocumentsList documents={documents.data} loading={documents.isPending} />
      </div>
    </div>
  );
}
