import { describe, expect, it } from 'vitest';
import { filterTasks, isOverdue, sortTasks, type Task } from './tasks';

const task = (over: Partial<Task>): Task => ({
  id: over.title ?? 'x',
  title: 'Tarefa',
  description: null,
  assignee_id: 'u1',
  due_date: null,
  priority: 'media',
  status: 'pendente',
  client_id: null,
  process_id: null,
  source: null,
  completed_at: null,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

const TODAY = '2026-03-10';

describe('tasks', () => {
  it('an open task due before today is overdue; a done one never is', () => {
    expect(isOverdue(task({ due_date: '2026-03-09' }), TODAY)).toBe(true);
    expect(isOverdue(task({ due_date: '2026-03-10' }), TODAY)).toBe(false);
    expect(isOverdue(task({ due_date: '2026-03-01', status: 'concluida' }), TODAY)).toBe(false);
    expect(isOverdue(task({ due_date: null }), TODAY)).toBe(false);
  });

  it('filters by owner, state, priority and text', () => {
    const tasks = [
      task({
        title: 'Revisar I-485',
        assignee_id: 'u1',
        due_date: '2026-03-01',
        priority: 'alta',
        clients: { full_name: 'Maria Silva' },
      }),
      task({ title: 'Traduzir certidão', assignee_id: 'u2', due_date: '2026-03-20' }),
      task({ title: 'Enviar recibo', assignee_id: 'u1', status: 'concluida' }),
    ];
    const base = { mineOf: null, state: 'all', priority: '', search: '' } as const;
    expect(filterTasks(tasks, { ...base, mineOf: 'u1' }, TODAY).map((t) => t.title)).toEqual([
      'Revisar I-485',
      'Enviar recibo',
    ]);
    expect(filterTasks(tasks, { ...base, state: 'open' }, TODAY)).toHaveLength(2);
    expect(filterTasks(tasks, { ...base, state: 'done' }, TODAY).map((t) => t.title)).toEqual(['Enviar recibo']);
    expect(filterTasks(tasks, { ...base, state: 'overdue' }, TODAY).map((t) => t.title)).toEqual(['Revisar I-485']);
    expect(filterTasks(tasks, { ...base, priority: 'alta' }, TODAY)).toHaveLength(1);
    expect(filterTasks(tasks, { ...base, search: 'maria' }, TODAY).map((t) => t.title)).toEqual(['Revisar I-485']);
  });

  it('sorts open tasks first, by due date then priority', () => {
    const sorted = sortTasks([
      task({ title: 'c', status: 'concluida', due_date: '2026-01-01' }),
      task({ title: 'b', due_date: null, priority: 'alta' }),
      task({ title: 'a2', due_date: '2026-03-05', priority: 'baixa' }),
      task({ title: 'a1', due_date: '2026-03-05', priority: 'alta' }),
    ]);
    expect(sorted.map((t) => t.title)).toEqual(['a1', 'a2', 'b', 'c']);
  });
});
