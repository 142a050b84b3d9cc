import { describe, expect, it } from 'vitest';
import { isOverdue, parseTask, sortTasks, type Task } from './tasks';

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

describe('parseTask', () => {
  const row = { ...task({}), priority: 'alta', status: 'em_andamento', clients: { full_name: 'João Souza' } };

  it('keeps a row with a known priority and status as it is', () => {
    expect(parseTask(row)).toEqual(row);
  });

  it('refuses a status or a priority the list has no colour, label nor order for', () => {
    expect(parseTask({ ...row, status: 'arquivada' })).toBeNull();
    expect(parseTask({ ...row, priority: 'urgente' })).toBeNull();
  });
});
