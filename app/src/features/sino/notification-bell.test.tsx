import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { realtime } from '@/testing/realtime-server';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { NotificationBell } from './notification-bell';

// Ana (user-1, the default test user)'s notifications; row-level security gives the bell only these.
const notification = { user_id: 'user-1', kind: 'message', body: null, link: null, read_at: null };
const older = {
  ...notification,
  id: 'n1',
  title: 'Documento enviado',
  created_at: '2025-01-01T10:00:00Z',
  read_at: '2025-01-01T11:00:00Z',
};
const newer = {
  ...notification,
  id: 'n2',
  title: 'Nova mensagem de Maria Silva',
  created_at: '2025-01-02T10:00:00Z',
  link: '/clientes/c1/mensagens',
};
const newest = { ...notification, id: 'n3', title: 'Prazo amanhã', created_at: '2025-01-03T10:00:00Z' };

beforeEach(() => {
  // stored oldest first: the bell asks for created_at descending
  db.seed('notifications', [older, newer, newest]);
});

function renderBell() {
  return renderWithProviders(<NotificationBell />, {
    routes: { '/clientes/:id/mensagens': <h1>Mensagens do cliente</h1> },
  });
}

const bell = (unread: number) => screen.findByRole('button', { name: `Notificações (${unread} não lidas)` });
const patches = () => db.requests('/rest/v1/notifications', 'PATCH');

describe('NotificationBell', () => {
  it('counts the unread notifications and lists the newest 30 first', async () => {
    renderBell();
    const button = await bell(2);
    expect(within(button).getByTestId('bell-count')).toHaveTextContent('2');
    expect(db.requests('/rest/v1/notifications', 'GET')[0]!.params.get('limit')).toBe('30');
    await userEvent.click(button);
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Prazo amanhã'),
      expect.stringContaining('Nova mensagem de Maria Silva'),
      expect.stringContaining('Documento enviado'),
    ]);
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true', null]);
  });

  it('counts every unread notification in the database, not only the 30 listed', async () => {
    // 40 unread older than 30 read ones: the list holds none of them, the count all of them
    db.seed('notifications', [
      ...Array.from({ length: 40 }, (_, n) => ({
        ...notification,
        id: `u${n}`,
        title: `Antiga ${n}`,
        created_at: new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString(),
      })),
      ...Array.from({ length: 30 }, (_, n) => ({
        ...notification,
        id: `r${n}`,
        title: `Lida ${n}`,
        created_at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
        read_at: '2025-02-01T00:00:00Z',
      })),
    ]);
    renderBell();
    const button = await bell(40);
    expect(within(button).getByTestId('bell-count')).toHaveTextContent('40');
    await userEvent.click(button);
    await screen.findAllByTestId('notification-item');
    // "mark all" is offered: unread ones exist beyond the list
    expect(screen.getByRole('button', { name: /Marcar todas/ })).toBeInTheDocument();
  });

  it('shows no count and says so without notifications', async () => {
    db.seed('notifications', []);
    renderBell();
    await userEvent.click(await bell(0));
    expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhuma notificação.')).toBeInTheDocument();
  });

  it("raises the count when a notification for the user is inserted, not for another user's", async () => {
    renderBell();
    await bell(2);
    await waitFor(() => expect(realtime.channels().some((c) => c.joined)).toBe(true));
    expect(realtime.channels()[0]!.bindings[0]).toMatchObject({
      event: 'INSERT',
      table: 'notifications',
      filter: 'user_id=eq.user-1',
    });
    realtime.emit('notifications', 'INSERT', {
      ...notification,
      id: 'x9',
      user_id: 'user-2',
      title: 'De outra pessoa',
      created_at: '2025-01-04T10:00:00Z',
    });
    realtime.emit('notifications', 'INSERT', {
      ...notification,
      id: 'n4',
      title: 'Novo documento de João',
      created_at: '2025-01-04T10:00:00Z',
    });
    const button = await bell(3);
    await userEvent.click(button);
    const items = await screen.findAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('Novo documento de João');
    expect(screen.queryByText('De outra pessoa')).not.toBeInTheDocument();
  });

  it('marks one notification read when opened (only that unread one) and follows its link', async () => {
    renderBell();
    await userEvent.click(await bell(2));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Nova mensagem de Maria Silva/ }));
    expect(await screen.findByRole('heading', { name: 'Mensagens do cliente' })).toBeInTheDocument();
    await waitFor(() => expect(patches()).toHaveLength(1));
    const [patch] = patches();
    expect(patch!.params.get('id')).toBe('in.(n2)');
    expect(patch!.params.get('read_at')).toBe('is.null');
    await waitFor(() => expect(patch!.body).toEqual({ read_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }));
    expect(db.rows('notifications').map((n) => [n.id, n.read_at === null])).toEqual([
      ['n1', false],
      ['n2', false],
      ['n3', true],
    ]);
  });

  it('does not write when an already read notification is opened', async () => {
    renderBell();
    await userEvent.click(await bell(2));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Documento enviado/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches()).toEqual([]);
  });

  it('marks all unread notifications read and the count goes to zero', async () => {
    renderBell();
    await userEvent.click(await bell(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    // the open menu hides the rest of the page (aria-hidden); the bell names the menu: its count is in the name
    expect(await screen.findByRole('menu', { name: 'Notificações (0 não lidas)' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument();
    const [patch] = patches();
    // every unread one: no id list, only the read_at filter
    expect([...patch!.params.keys()]).toEqual(['read_at']);
    expect(patch!.params.get('read_at')).toBe('is.null');
    // the one read before keeps its time
    expect(db.rows('notifications').find((n) => n.id === 'n1')!.read_at).toBe('2025-01-01T11:00:00Z');
    expect(db.rows('notifications').every((n) => n.read_at !== null)).toBe(true);
  });

  it('mounts the Radix menu only on the first click, which opens it', async () => {
    renderBell();
    const button = await bell(2);
    // before: a plain button (a Radix trigger carries aria-haspopup), so its module need not load with the page
    expect(button).not.toHaveAttribute('aria-haspopup');
    await userEvent.click(button);
    // the bell names the menu it opens, and says it is open
    const menu = await screen.findByRole('menu', { name: 'Notificações (2 não lidas)' });
    const trigger = document.getElementById(menu.getAttribute('aria-labelledby')!);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });
});
