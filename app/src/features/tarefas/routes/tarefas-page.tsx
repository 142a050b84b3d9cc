/** /tarefas: the team's tasks — mine or all, open/done/overdue, priority and text filters; overdue in red. */
import { Bot, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { TableStateRows } from '@/components/table-state-rows';
import { Badge, ColorBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { formatDate, todayISO } from '@/lib/format';
import { nameOf, useStaffOptions } from '@/lib/people';
import { TASK_PRIORITY_COLORS } from '@/lib/status';
import { cn } from '@/lib/utils';
import { useSaveTask } from '../api/mutations';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { useOpenTaskCount, useTasksPage } from '../api/queries';
import { TaskDialog } from '../components/task-dialog';
import { isOverdue, STATUS_COLORS, type Task, type TaskFilters } from '../lib/tasks';
import { tarefasStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export default function TarefasPage() {
  const { user } = useAuth();
  const staff = useStaffOptions();
  const save = useSaveTask();
  const [mine, setMine] = useState(false);
  const [filters, setFilters] = useState<Omit<TaskFilters, 'mineOf'>>({ state: 'open', priority: '', search: '' });
  const [dialog, setDialog] = useState<{ open: boolean; task: Task | null }>({ open: false, task: null });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const today = todayISO();
  const search = useDebouncedValue(filters.search.trim());
  const tasks = useTasksPage({
    mineOf: mine ? (user?.id ?? null) : null,
    state: filters.state,
    priority: filters.priority,
    search,
    today,
    page,
    pageSize,
  });
  const shown = tasks.data?.rows ?? [];
  const openCount = useOpenTaskCount().data ?? 0;
  /** A filter changed: back to the first page. */
  const refilter = (next: Omit<TaskFilters, 'mineOf'>) => {
    setFilters(next);
    setPage(1);
  };
  const showMine = (value: boolean) => {
    setMine(value);
    setPage(1);
  };

  async function toggleDone(task: Task) {
    try {
      await save.mutateAsync({ id: task.id, row: { status: task.status === 'concluida' ? 'pendente' : 'concluida' } });
    } catch (error) {
      toast.error(fill(t.saveError, { message: errorMessage(error) }));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        className="mb-0"
        title={t.title}
        description={fill(t.pendingCount, { n: openCount })}
        actions={
          <Button onClick={() => setDialog({ open: true, task: null })}>
            <Plus aria-hidden="true" />
            {t.newTask}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Filtro de responsável" className="flex gap-1">
          <Button variant={mine ? 'outline' : 'default'} size="sm" aria-pressed={!mine} onClick={() => showMine(false)}>
            {t.all}
          </Button>
          <Button variant={mine ? 'default' : 'outline'} size="sm" aria-pressed={mine} onClick={() => showMine(true)}>
            {t.mine}
          </Button>
        </div>
        <NativeSelect
          aria-label="Situação"
          className="w-40"
          value={filters.state}
          onChange={(e) => refilter({ ...filters, state: e.target.value as TaskFilters['state'] })}
        >
          <option value="open">{t.open}</option>
          <option value="overdue">{t.overdueOnly}</option>
          <option value="done">{t.done}</option>
          <option value="all">{t.all}</option>
        </NativeSelect>
        <NativeSelect
          aria-label={t.priorityFilter}
          className="w-48"
          value={filters.priority}
          onChange={(e) => refilter({ ...filters, priority: e.target.value as TaskFilters['priority'] })}
        >
          <option value="">{t.anyPriority}</option>
          {Object.entries(t.priorities).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
        <SearchInput
          containerClassName="min-w-48 flex-1"
          placeholder={t.search}
          aria-label={t.search}
          value={filters.search}
          onChange={(e) => refilter({ ...filters, search: e.target.value })}
        />
      </div>
      <Card className="py-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <span className="sr-only">{t.markDone}</span>
              </TableHead>
              <TableHead>{t.columns.title}</TableHead>
              <TableHead>{t.columns.assignee}</TableHead>
              <TableHead>{t.columns.client}</TableHead>
              <TableHead>{t.columns.process}</TableHead>
              <TableHead>{t.columns.due}</TableHead>
              <TableHead>{t.columns.priority}</TableHead>
              <TableHead>{t.columns.status}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows
              loading={tasks.isPending}
              empty={shown.length === 0}
              skeletonRows={1}
              colSpan={8}
              emptyText={t.empty}
            />
            {!tasks.isPending &&
              shown.map((task) => {
                const overdue = isOverdue(task, today);
                return (
                  <TableRow key={task.id} data-overdue={overdue || undefined} className={cn(overdue && 'bg-red-50')}>
                    <TableCell>
                      <Checkbox
                        aria-label={`${task.status === 'concluida' ? t.reopen : t.markDone}: ${task.title}`}
                        checked={task.status === 'concluida'}
                        onCheckedChange={() => toggleDone(task)}
                      />
                    </TableCell>
                    <TableCell>
                      <button
                        type="button"
                        className={cn(
                          'text-left font-medium hover:underline',
                          task.status === 'concluida' && 'line-through opacity-70',
                        )}
                        onClick={() => setDialog({ open: true, task })}
                      >
                        {task.title}
                      </button>
                      {task.source && (
                        <Badge variant="outline" className="ml-2">
                          <Bot aria-hidden="true" />
                          {t.automatic}
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>{nameOf(staff.data, task.assignee_id, t.nobody)}</TableCell>
                    <TableCell>{task.clients?.full_name ?? '-'}</TableCell>
                    <TableCell>{task.process_id ?? '-'}</TableCell>
                    <TableCell className={cn(overdue && 'font-semibold text-red-700')}>
                      {formatDate(task.due_date)}
                      {overdue && <span className="ml-1 text-xs">({t.overdue})</span>}
                    </TableCell>
                    <TableCell>
                      <ColorBadge color={TASK_PRIORITY_COLORS[task.priority]}>{t.priorities[task.priority]}</ColorBadge>
                    </TableCell>
                    <TableCell>
                      <Badge variant="outline" className={STATUS_COLORS[task.status]}>
                        {t.statuses[task.status]}
                      </Badge>
                    </TableCell>
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      </Card>
      <ListPager
        noun="tarefas"
        total={tasks.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      <TaskDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        task={dialog.task}
        defaultAssignee={user?.id ?? ''}
      />
    </div>
  );
}
