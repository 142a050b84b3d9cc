import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import TarefasPage from './tarefas-page';

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

const base = {
  description: null,
  assignee_id: null,
  client_id: null,
  process_id: null,
  source: null,
  completed_at: null,
  created_at: '2025-01-01T10:00:00Z',
  clients: null,
};
const overdue = {
  ...base,
  id: 't1',
  title: 'Enviar resposta ao RFE',
  due_date: day(-2),
  priority: 'alta',
  status: 'pendente',
  assignee_id: 'user-1',
  client_id: 'c1',
  process_id: 10,
  source: 'rfe',
  clients: { full_name: 'Maria Silva' },
};
const nextWeek = {
  ...base,
  id: 't2',
  title: 'Traduzir certidão de casamento',
  due_date: day(7),
  priority: 'media',
  status: 'em_andamento',
  assignee_id: 's2',
  client_id: 'c2',
  clients: { full_name: 'João Souza' },
};
const noDate = {
  ...base,
  id: 't3',
  title: 'Atualizar planilha de honorários',
  due_date: null,
  priority: 'baixa',
  status: 'pendente',
};
const done = {
  ...base,
  id: 't4',
  title: 'Protocolar I-130',
  due_date: day(-10),
  priority: 'alta',
  status: 'concluida',
  assignee_id: 'user-1',
  completed_at: '2025-01-02T10:00:00Z',
};
const sameDay = { ...nextWeek, id: 't5', title: 'Ligar para a cliente', priority: 'alta', status: 'pendente' };

beforeEach(() => {
  db.seed('tasks', [noDate, done, nextWeek, overdue, sameDay]);
  db.seed('task_comments', [
    { id: 'k1', task_id: 't2', author_id: 's2', body: 'Tradutor contratado', created_at: '2025-02-01T12:00:00Z' },
    {
      id: 'k2',
      task_id: 't1',
      author_id: 's2',
      body: 'Comentário de outra tarefa',
      created_at: '2025-02-01T12:00:00Z',
    },
  ]);
  db.seed('processes', [
    { id: 10, type: 'I-130', client_id: 'c1', receipt_number: null },
    { id: 11, type: 'Naturalização', client_id: 'c2', receipt_number: null },
  ]);
  db.seed('clients', [
    { id: 'c2', full_name: 'João Souza' },
    { id: 'c1', full_name: 'Maria Silva' },
  ]);
  server.use(
    rpc('staff_directory', () => [
      { id: 'user-1', full_name: 'Ana Administradora' },
      { id: 's2', full_name: 'Carla Comercial' },
    ]),
  );
});

/** The task titles in the table, top to bottom. */
const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('button')[0]?.textContent ?? row.textContent);
const rowOf = (title: string) => screen.getByRole('button', { name: title }).closest('tr') as HTMLElement;

async function renderPage() {
  const view = renderWithProviders(<TarefasPage />, { route: '/tarefas' });
  await screen.findByRole('button', { name: overdue.title });
  return view;
}

describe('TarefasPage (/tarefas)', () => {
  it('leaves out, with a warning, a task whose status the list does not know; the others still show', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const odd = { ...noDate, id: 't9', title: 'Tarefa de status novo', status: 'aguardando_cliente' };
      db.seed('tasks', [noDate, nextWeek, overdue, odd]);
      await renderPage();
      // every situation: the query itself does not filter the odd status away
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todas');
      await waitFor(() => expect(db.requests('/rest/v1/tasks', 'GET').at(-1)!.params.get('status')).toBeNull());
      await waitFor(() => expect(warn).toHaveBeenCalled());
      expect(titles()).toEqual([overdue.title, nextWeek.title, noDate.title]);
      expect(screen.queryByRole('button', { name: odd.title })).not.toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('tasks'), expect.objectContaining({ id: 't9' }));
    } finally {
      warn.mockRestore();
    }
  });

  it('shows the open tasks by due date then priority, the overdue one in red, and counts the open ones', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeInTheDocument();
    expect(screen.getByText('4 tarefas em aberto')).toBeInTheDocument();
    expect(titles()).toEqual([overdue.title, sameDay.title, nextWeek.title, noDate.title]);
    const late = rowOf(overdue.title);
    expect(late).toHaveAttribute('data-overdue', 'true');
    expect(late).toHaveTextContent(`${formatDate(overdue.due_date)}(Atrasada)`);
    expect(within(late).getByText('Automática')).toBeInTheDocument();
    expect(within(late).getByText('Maria Silva')).toBeInTheDocument();
    expect(within(late).getByText('10')).toBeInTheDocument();
    expect(within(late).getByText('Pendente')).toBeInTheDocument();
    await waitFor(() => expect(within(late).getByText('Ana Administradora')).toBeInTheDocument());
    const later = rowOf(nextWeek.title);
    expect(later).not.toHaveAttribute('data-overdue');
    expect(within(later).getByText('Em andamento')).toBeInTheDocument();
    expect(within(later).getByText('Média')).toBeInTheDocument();
    expect(within(rowOf(noDate.title)).getByText('Ninguém')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: done.title })).not.toBeInTheDocument();
  });

  it('filters by situation, priority, assignee and text', async () => {
    await renderPage();
    const situation = screen.getByRole('combobox', { name: 'Situação' });
    await userEvent.selectOptions(situation, 'Concluídas');
    await waitFor(() => expect(titles()).toEqual([done.title]));
    // the filters run in the query, never on rows fetched before
    expect(db.requests('/rest/v1/tasks', 'GET').at(-1)!.params.get('status')).toBe('eq.concluida');
    expect(screen.getByRole('checkbox', { name: `Reabrir: ${done.title}` })).toBeChecked();
    await userEvent.selectOptions(situation, 'Atrasadas');
    await waitFor(() => expect(titles()).toEqual([overdue.title]));
    await userEvent.selectOptions(situation, 'Todas');
    await waitFor(() => expect(titles()).toHaveLength(5));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Prioridade' }), 'Alta');
    await waitFor(() => expect(titles()).toEqual([overdue.title, sameDay.title, done.title]));
    await userEvent.click(screen.getByRole('button', { name: 'Minhas tarefas' }));
    await waitFor(() => expect(titles()).toEqual([overdue.title, done.title]));
    await userEvent.type(screen.getByLabelText('Pesquisar tarefas...'), 'maria');
    await waitFor(() => expect(titles()).toEqual([overdue.title]));
    await userEvent.type(screen.getByLabelText('Pesquisar tarefas...'), ' nada');
    expect(await screen.findByText('Nenhuma tarefa encontrada.')).toBeInTheDocument();
  });

  it('creates a task: the exact insert body, then the new row in the list', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Nova tarefa' }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByRole('heading', { name: 'Nova tarefa' })).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Título'), '  Pedir certidão de nascimento  ');
    await userEvent.type(form.getByLabelText('Descrição'), 'Cartório de Governador Valadares');
    await waitFor(() => expect(form.getByRole('option', { name: 'Carla Comercial' })).toBeInTheDocument());
    // the signed-in user is the default assignee
    expect(form.getByLabelText('Responsável')).toHaveValue('user-1');
    await userEvent.selectOptions(form.getByLabelText('Responsável'), 'Carla Comercial');
    await userEvent.type(form.getByLabelText('Prazo'), day(3));
    await userEvent.selectOptions(form.getByLabelText('Prioridade'), 'Alta');
    await waitFor(() => expect(form.getByRole('option', { name: 'Maria Silva' })).toBeInTheDocument());
    await userEvent.selectOptions(form.getByLabelText('Cliente'), 'Maria Silva');
    // the process picker lists only Maria's processes, found in the query
    await waitFor(() => expect(form.getByRole('option', { name: 'I-130 (#10)' })).toBeInTheDocument());
    expect(form.queryByRole('option', { name: /Naturalização/ })).not.toBeInTheDocument();
    expect(db.requests('/rest/v1/processes', 'GET').at(-1)!.params.get('client_id')).toBe('eq.c1');
    await userEvent.selectOptions(form.getByLabelText('Processo'), 'I-130 (#10)');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Tarefa salva')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.requests('/rest/v1/tasks', 'POST').map((r) => r.body)).toEqual([
      {
        title: 'Pedir certidão de nascimento',
        description: 'Cartório de Governador Valadares',
        assignee_id: 's2',
        due_date: day(3),
        priority: 'alta',
        status: 'pendente',
        client_id: 'c1',
        process_id: 10,
      },
    ]);
    const created = await screen.findByRole('button', { name: 'Pedir certidão de nascimento' });
    const row = created.closest('tr') as HTMLElement;
    expect(within(row).getByText(formatDate(day(3)))).toBeInTheDocument();
    expect(within(row).getByText('Carla Comercial')).toBeInTheDocument();
    expect(screen.getByText('5 tarefas em aberto')).toBeInTheDocument();
  });

  it('refuses a title shorter than 3 characters', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Nova tarefa' }));
    const form = within(await screen.findByRole('dialog'));
    await userEvent.type(form.getByLabelText('Título'), 'ab');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText('O título deve ter pelo menos 3 caracteres')).toBeInTheDocument();
    expect(form.getByLabelText('Título')).toHaveAttribute('aria-invalid', 'true');
    expect(db.requests('/rest/v1/tasks', 'POST')).toHaveLength(0);
  });

  it('edits a task with a PATCH of that row only, shows its own comments and adds one', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: nextWeek.title }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByRole('heading', { name: 'Editar tarefa' })).toBeInTheDocument();
    expect(form.getByLabelText('Título')).toHaveValue(nextWeek.title);
    expect(form.getByLabelText('Status')).toHaveValue('em_andamento');
    // its comments, not the other task's
    const comments = within(form.getByRole('region', { name: 'Comentários' }));
    expect(await comments.findByText('Tradutor contratado')).toBeInTheDocument();
    expect(comments.queryByText('Comentário de outra tarefa')).not.toBeInTheDocument();
    await userEvent.type(comments.getByLabelText('Escreva um comentário...'), 'Tradução pronta');
    await userEvent.click(comments.getByRole('button', { name: 'Comentar' }));
    expect(await comments.findByText('Tradução pronta')).toBeInTheDocument();
    expect(db.requests('/rest/v1/task_comments', 'POST').map((r) => r.body)).toEqual([
      { task_id: 't2', body: 'Tradução pronta' },
    ]);

    await userEvent.selectOptions(form.getByLabelText('Prioridade'), 'Baixa');
    await userEvent.clear(form.getByLabelText('Título'));
    await userEvent.type(form.getByLabelText('Título'), 'Traduzir e apostilar certidão');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Tarefa salva')).toBeInTheDocument();
    const patches = db.requests('/rest/v1/tasks', 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.params.get('id')).toBe('eq.t2');
    expect(patches[0]!.body).toEqual({
      title: 'Traduzir e apostilar certidão',
      description: null,
      assignee_id: 's2',
      due_date: nextWeek.due_date,
      priority: 'baixa',
      status: 'em_andamento',
      client_id: 'c2',
      process_id: null,
    });
    const row = (await screen.findByRole('button', { name: 'Traduzir e apostilar certidão' })).closest('tr')!;
    expect(within(row).getByText('Baixa')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: nextWeek.title })).not.toBeInTheDocument();
  });

  it('completes a task from its checkbox (it leaves the open list) and reopens it', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('checkbox', { name: `Marcar como concluída: ${sameDay.title}` }));
    await waitFor(() => expect(screen.queryByRole('button', { name: sameDay.title })).not.toBeInTheDocument());
    expect(screen.getByText('3 tarefas em aberto')).toBeInTheDocument();
    const [complete] = db.requests('/rest/v1/tasks', 'PATCH');
    expect(complete!.params.get('id')).toBe('eq.t5');
    expect(complete!.body).toEqual({ status: 'concluida' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Concluídas');
    await waitFor(() => expect(titles()).toEqual([done.title, sameDay.title]));
    await userEvent.click(screen.getByRole('checkbox', { name: `Reabrir: ${sameDay.title}` }));
    await waitFor(() => expect(titles()).toEqual([done.title]));
    expect(db.requests('/rest/v1/tasks', 'PATCH').at(-1)!.body).toEqual({ status: 'pendente' });
    expect(db.rows('tasks').find((task) => task.id === 't5')!.status).toBe('pendente');
  });
});
