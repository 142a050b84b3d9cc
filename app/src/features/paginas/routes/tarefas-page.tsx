/** /tarefas: the team's tasks with priority colours (sample data until tasks are stored). */
import { CheckCircle2, Circle } from 'lucide-react';
import { useMemo } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge, badgeColor } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { SampleNotice } from '../components/coming-soon';
import { PRIORITY_COLORS, PRIORITY_LABELS, sampleTasks } from '../sample-data';

export default function TarefasPage() {
  const tasks = useMemo(() => sampleTasks(), []);
  const pending = tasks.filter((task) => !task.completed).length;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader className="mb-0" title="Tarefas" description={`${pending} tarefas pendentes da equipe.`} />
      <SampleNotice>Exemplos de tarefas. O cadastro de tarefas da equipe ainda não está disponível.</SampleNotice>
      <Card className="py-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Tarefa</TableHead>
              <TableHead>Cliente</TableHead>
              <TableHead>Processo</TableHead>
              <TableHead>Prazo</TableHead>
              <TableHead>Prioridade</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tasks.map((task) => (
              <TableRow key={task.title}>
                <TableCell className="font-medium">{task.title}</TableCell>
                <TableCell>{task.client}</TableCell>
                <TableCell>{task.process}</TableCell>
                <TableCell>{formatDate(task.dueDate)}</TableCell>
                <TableCell>
                  <Badge variant="outline" className={PRIORITY_COLORS[task.priority]}>
                    {PRIORITY_LABELS[task.priority]}
                  </Badge>
                </TableCell>
                <TableCell>
                  {task.completed ? (
                    <Badge variant="outline" className={badgeColor.green}>
                      <CheckCircle2 aria-hidden="true" />
                      Concluída
                    </Badge>
                  ) : (
                    <Badge variant="outline" className={badgeColor.amber}>
                      <Circle aria-hidden="true" />
                      Pendente
                    </Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
