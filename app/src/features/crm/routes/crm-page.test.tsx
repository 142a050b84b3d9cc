import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, postgrestError, restUrl, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { STAGES } from '../lib/leads';
import CrmPage from './crm-page';

const base = {
  email: null,
  phone: null,
  source: 'indicacao',
  case_type_interest: null,
  owner_id: null,
  notes: null,
  client_id: null,
  created_at: '2025-01-01T10:00:00Z',
};
const ana = {
  ...base,
  id: 'l1',
  name: 'Ana Pereira',
  stage: 'novo',
  source: 'instagram',
  email: 'ana@lead.test',
  case_type_interest: 'Green Card por casamento',
  stage_changed_at: '2025-03-01T10:00:00Z',
};
const bruno = { ...base, id: 'l2', name: 'Bruno Lima', stage: 'novo', stage_changed_at: '2025-03-05T10:00:00Z' };
const carla = {
  ...base,
  id: 'l3',
  name: 'Carla Mendes',
  stage: 'proposta',
  source: 'site',
  owner_id: 's1',
  stage_changed_at: '2025-02-01T10:00:00Z',
};
const daniel = {
  ...base,
  id: 'l4',
  name: 'Daniel Rocha',
  stage: 'fechado',
  client_id: 'c9',
  stage_changed_at: '2025-01-15T10:00:00Z',
};

/** The database's lead_stage_counts over the stand-in's rows: every stage, name/e-mail/phone containing the term. */
function stageCounts({ p_search }: Record<string, unknown>) {
  const term = String(p_search ?? '').toLowerCase();
  const rows = db.rows('leads').filter(
    (lead) =>
      !term ||
      ['name', 'email', 'phone'].some((c) =>
        String(lead[c] ?? '')
          .toLowerCase()
          .includes(term),
      ),
  );
  return STAGES.map((stage) => ({ stage, total: rows.filter((lead) => lead.stage === stage).length }));
}

beforeEach(() => {
  db.seed('leads', [ana, bruno, carla, daniel]);
  db.seed('lead_activities', [
    {
      id: 'x1',
      lead_id: 'l3',
      kind: 'estagio',
      body: 'contato → proposta',
      author_id: 's1',
      created_at: '2025-02-01T10:00:00Z',
    },
    {
      id: 'x2',
      lead_id: 'l1',
      kind: 'nota',
      body: 'Nota de outro lead',
      author_id: 's1',
      created_at: '2025-02-01T10:00:00Z',
    },
  ]);
  db.seed('case_types', [
    { id: 'gc', label: 'Green Card por casamento', is_active: true, sort_order: 10 },
    { id: 'asilo', label: 'Asilo', is_active: true, sort_order: 20 },
    { id: 'eb5', label: 'Visto de Investidor (EB-5)', is_active: false, sort_order: 30 },
  ]);
  server.use(
    rpc('lead_stage_counts', stageCounts),
    rpc('staff_directory', () => [
      { id: 'user-1', full_name: 'Ana Administradora' },
      { id: 's1', full_name: 'Sérgio Comercial' },
    ]),
  );
});

const column = (stage: string) => screen.getByRole('region', { name: stage });
const namesIn = (stage: string) =>
  within(column(stage))
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('data-lead'));

async function renderPage(roles = ['administrator']) {
  const view = renderWithProviders(<CrmPage />, { route: '/crm', auth: { roles } });
  await screen.findByRole('region', { name: 'Novo' });
  // every column has its first page and every header its count
  await waitFor(() => expect(within(column('Perdido')).getByText('Nenhum lead')).toBeInTheDocument());
  await waitFor(() =>
    expect(within(column('Perdido')).getByRole('heading', { level: 2 })).toHaveTextContent('Perdido0'),
  );
  await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0));
  return view;
}

describe('CrmPage (/crm)', () => {
  it('shows each lead in its stage, newest move first, with counts and empty columns', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'CRM' })).toBeInTheDocument();
    expect(screen.getByText('Leads e oportunidades: arraste os cartões entre as etapas.')).toBeInTheDocument();
    expect(namesIn('Novo')).toEqual(['Bruno Lima', 'Ana Pereira']);
    expect(namesIn('Contato')).toEqual([]);
    expect(namesIn('Proposta')).toEqual(['Carla Mendes']);
    expect(namesIn('Fechado')).toEqual(['Daniel Rocha']);
    expect(within(column('Novo')).getByRole('heading', { level: 2 })).toHaveTextContent('Novo2');
    expect(within(column('Contato')).getByText('Nenhum lead')).toBeInTheDocument();
    expect(within(column('Perdido')).getByText('Nenhum lead')).toBeInTheDocument();
    const card = within(column('Novo')).getByRole('button', { name: 'Ana Pereira — Novo' });
    expect(within(card).getByText('Instagram')).toBeInTheDocument();
    expect(within(card).getByText('Green Card por casamento')).toBeInTheDocument();
    expect(within(card).getByLabelText('ana@lead.test')).toBeInTheDocument();
    expect(within(column('Fechado')).getByText('Cliente')).toBeInTheDocument();
    expect(within(column('Novo')).queryByText('Cliente')).not.toBeInTheDocument();
  });

  it('creates a lead: the exact insert body, then its card under Contato', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Novo lead' }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByRole('heading', { name: 'Novo lead' })).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Nome'), '  Eduardo Santos ');
    await userEvent.type(form.getByLabelText('E-mail'), 'eduardo@lead.test');
    await userEvent.type(form.getByLabelText('Telefone'), '+1 617 555 0101');
    await userEvent.selectOptions(form.getByLabelText('Origem'), 'WhatsApp');
    // only the active case types are offered
    await waitFor(() => expect(form.getByRole('option', { name: 'Asilo' })).toBeInTheDocument());
    expect(form.queryByRole('option', { name: 'Visto de Investidor (EB-5)' })).not.toBeInTheDocument();
    await userEvent.selectOptions(form.getByLabelText('Tipo de caso de interesse'), 'Asilo');
    await userEvent.selectOptions(form.getByLabelText('Etapa'), 'Contato');
    await waitFor(() => expect(form.getByRole('option', { name: 'Sérgio Comercial' })).toBeInTheDocument());
    expect(form.getByLabelText('Responsável')).toHaveValue('user-1');
    await userEvent.type(form.getByLabelText('Observações'), 'Veio pelo evento de Framingham');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Lead salvo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.requests('/rest/v1/leads', 'POST').map((r) => r.body)).toEqual([
      {
        name: 'Eduardo Santos',
        email: 'eduardo@lead.test',
        phone: '+1 617 555 0101',
        source: 'whatsapp',
        case_type_interest: 'Asilo',
        stage: 'contato',
        owner_id: 'user-1',
        notes: 'Veio pelo evento de Framingham',
      },
    ]);
    await waitFor(() => expect(namesIn('Contato')).toEqual(['Eduardo Santos']));
  });

  it('refuses a name shorter than 3 characters', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Novo lead' }));
    const form = within(await screen.findByRole('dialog'));
    await userEvent.type(form.getByLabelText('Nome'), 'Ed');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText('O nome deve ter pelo menos 3 caracteres')).toBeInTheDocument();
    expect(db.requests('/rest/v1/leads', 'POST')).toHaveLength(0);
  });

  it("moves a lead to another stage from its dialog, and shows that lead's activities only", async () => {
    await renderPage();
    await userEvent.click(within(column('Proposta')).getByRole('button', { name: 'Carla Mendes — Proposta' }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByRole('heading', { name: 'Carla Mendes' })).toBeInTheDocument();
    const activities = within(form.getByRole('region', { name: 'Atividades' }));
    // a stage change is written with the stages' Portuguese names
    expect(await activities.findByText('Contato → Proposta')).toBeInTheDocument();
    expect(activities.queryByText('Nota de outro lead')).not.toBeInTheDocument();
    await userEvent.selectOptions(form.getByLabelText('Etapa'), 'Fechado');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Lead salvo')).toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/leads', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.l3');
    expect(patch!.body).toEqual({
      name: 'Carla Mendes',
      email: null,
      phone: null,
      source: 'site',
      case_type_interest: null,
      stage: 'fechado',
      owner_id: 's1',
      notes: null,
    });
    await waitFor(() => expect(namesIn('Fechado')).toEqual(['Carla Mendes', 'Daniel Rocha']));
    expect(namesIn('Proposta')).toEqual([]);
  });

  it('records an activity on a lead', async () => {
    await renderPage();
    await userEvent.click(within(column('Novo')).getByRole('button', { name: 'Bruno Lima — Novo' }));
    const activities = within(within(await screen.findByRole('dialog')).getByRole('region', { name: 'Atividades' }));
    expect(await activities.findByText('Nenhuma atividade registrada.')).toBeInTheDocument();
    await userEvent.selectOptions(activities.getByLabelText('Tipo de atividade'), 'Ligação');
    await userEvent.type(activities.getByLabelText('O que aconteceu?'), 'Pediu orçamento');
    await userEvent.click(activities.getByRole('button', { name: 'Registrar' }));
    expect(await activities.findByText('Pediu orçamento')).toBeInTheDocument();
    expect(db.requests('/rest/v1/lead_activities', 'POST').map((r) => r.body)).toEqual([
      { lead_id: 'l2', kind: 'ligacao', body: 'Pediu orçamento' },
    ]);
  });

  it('shows the board read-only to staff outside administration and commercial', async () => {
    await renderPage(['secretary']);
    expect(screen.getByText('Somente administradores e o comercial alteram o CRM.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo lead' })).not.toBeInTheDocument();
    await userEvent.click(within(column('Novo')).getByRole('button', { name: 'Ana Pereira — Novo' }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByLabelText('Nome')).toBeDisabled();
    expect(form.getByLabelText('Etapa')).toBeDisabled();
    expect(form.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Converter em cliente' })).not.toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Registrar' })).not.toBeInTheDocument();
  });
});

describe('CrmPage: a board larger than one page', () => {
  const many = Array.from({ length: 1234 }, (_, i) => ({
    ...base,
    id: `v${String(i).padStart(4, '0')}`,
    name: `Lead Volume ${String(i).padStart(4, '0')}`,
    stage: 'novo',
    // one a minute back from 2025-04-01, the first the newest
    stage_changed_at: new Date(Date.UTC(2025, 3, 1) - i * 60_000).toISOString(),
  }));

  it('shows exact counts in pt-BR format and pages each column with "Carregar mais"', async () => {
    db.seed('leads', [...many, carla]);
    await renderPage();
    expect(within(column('Novo')).getByRole('heading', { level: 2 })).toHaveTextContent('Novo1.234');
    expect(within(column('Proposta')).getByRole('heading', { level: 2 })).toHaveTextContent('Proposta1');
    expect(namesIn('Novo')).toHaveLength(25);
    expect(namesIn('Novo')[0]).toBe('Lead Volume 0000');
    // each column asks the server for its own first page, newest move first; never every lead
    const novo = db.requests('/rest/v1/leads', 'GET').filter((r) => r.params.get('stage') === 'eq.novo');
    expect(novo).toHaveLength(1);
    expect(novo[0]!.params.get('order')).toBe('stage_changed_at.desc,id.desc');
    expect(novo[0]!.params.get('limit')).toBe('25');
    expect(within(column('Proposta')).queryByRole('button', { name: /Carregar mais/ })).not.toBeInTheDocument();

    await userEvent.click(within(column('Novo')).getByRole('button', { name: 'Carregar mais leads em Novo' }));
    await waitFor(() => expect(namesIn('Novo')).toHaveLength(50));
    expect(namesIn('Novo')[49]).toBe('Lead Volume 0049');
    const next = db.requests('/rest/v1/leads', 'GET').filter((r) => r.params.get('stage') === 'eq.novo');
    expect(next.at(-1)!.params.get('offset')).toBe('25');
  });

  it('searches on the server: counts and columns alike', async () => {
    db.seed('leads', [...many, ana, carla]);
    await renderPage();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar leads' }), 'volume 1233');
    await waitFor(() => expect(namesIn('Novo')).toEqual(['Lead Volume 1233']));
    await waitFor(() => expect(within(column('Novo')).getByRole('heading', { level: 2 })).toHaveTextContent('Novo1'));
    expect(within(column('Proposta')).getByRole('heading', { level: 2 })).toHaveTextContent('Proposta0');
    expect(namesIn('Proposta')).toEqual([]);
    const counted = db.requests('/rest/v1/rpc/lead_stage_counts', 'POST').at(-1)!;
    expect(counted.body).toEqual({ p_search: 'volume 1233' });
    const searched = db.requests('/rest/v1/leads', 'GET').at(-1)!;
    expect(searched.params.get('or')).toBe(
      '(name.ilike."*volume 1233*",email.ilike."*volume 1233*",phone.ilike."*volume 1233*")',
    );
    // by e-mail too
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar leads' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar leads' }), 'ana@lead');
    await waitFor(() => expect(namesIn('Novo')).toEqual(['Ana Pereira']));
  });
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('CrmPage: dragging a card (keyboard)', () => {
  // jsdom lays nothing out: the five columns side by side, 300 px apart, and each card at the top of its column.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const stage = this.closest('[data-stage]');
      const index = stage
        ? ['novo', 'contato', 'proposta', 'fechado', 'perdido'].indexOf(stage.getAttribute('data-stage')!)
        : 0;
      const isColumn = this.hasAttribute('data-stage');
      const rect = { x: index * 300, y: isColumn ? 0 : 40, width: isColumn ? 280 : 260, height: isColumn ? 600 : 80 };
      return {
        ...rect,
        left: rect.x,
        top: rect.y,
        right: rect.x + rect.width,
        bottom: rect.y + rect.height,
        toJSON: () => rect,
      } as DOMRect;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Picks the card up with Space, moves it `steps` × 25 px right, drops it with Space (dnd-kit listens from the next tick). */
  async function drag(name: string, steps: number) {
    const card = screen.getByRole('button', { name });
    card.focus();
    fireEvent.keyDown(card, { key: ' ', code: 'Space' });
    await tick();
    for (let i = 0; i < steps; i += 1) fireEvent.keyDown(card, { key: 'ArrowRight', code: 'ArrowRight' });
    await tick();
    fireEvent.keyDown(card, { key: ' ', code: 'Space' });
  }

  it('moves the lead at once, PATCHes only its stage and says where it went', async () => {
    // the server answers only when the test opens the gate (then the stand-in's own handler writes the row)
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    server.use(
      http.patch(restUrl('leads'), async () => {
        await gate;
      }),
    );
    await renderPage();
    await drag('Ana Pereira — Novo', 12);
    await waitFor(() => expect(namesIn('Contato')).toEqual(['Ana Pereira']));
    // the headers' counts follow the card before the server answers
    expect(within(column('Novo')).getByRole('heading', { level: 2 })).toHaveTextContent('Novo1');
    expect(within(column('Contato')).getByRole('heading', { level: 2 })).toHaveTextContent('Contato1');
    expect(db.rows('leads').find((lead) => lead.id === 'l1')!.stage).toBe('novo');
    open();
    expect(await screen.findByText('Lead movido para Contato')).toBeInTheDocument();
    expect(db.rows('leads').find((lead) => lead.id === 'l1')!.stage).toBe('contato');
    const [patch] = db.requests('/rest/v1/leads', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.l1');
    expect(patch!.body).toEqual({ stage: 'contato' });
    expect(namesIn('Novo')).toEqual(['Bruno Lima']);
  });

  it('puts the card back when the database refuses the move', async () => {
    server.use(http.patch(restUrl('leads'), () => postgrestError(403, '42501', 'permission denied for table leads')));
    await renderPage();
    await drag('Ana Pereira — Novo', 12);
    expect(await screen.findByText('Erro ao salvar lead: Você não tem permissão para fazer isso.')).toBeInTheDocument();
    await waitFor(() => expect(namesIn('Novo')).toEqual(['Bruno Lima', 'Ana Pereira']));
    expect(namesIn('Contato')).toEqual([]);
    expect(within(column('Novo')).getByRole('heading', { level: 2 })).toHaveTextContent('Novo2');
    expect(within(column('Contato')).getByRole('heading', { level: 2 })).toHaveTextContent('Contato0');
  });
});
