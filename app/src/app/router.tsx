/** The whole route table (spec section 2): /auth, staff area, client portal, 404. Screens and layouts load lazily. */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { STAFF_ROLES } from '@/lib/roles';
import { PortalConsentGate } from './portal-consent-gate';
import { RequireAuth } from './require-auth';
import { RequireRoleInPage } from './require-role';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };

/** A lazy route: the screen's module is fetched the first time the route matches. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** A lazy layout: the staff and portal shells (menus, dialogs, sheets) are not part of /auth's download. */
function layout<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

/** /financeiro/<path>: the page for the roles of its hub card, the Acesso Restrito card for other staff. The cards'
 * table loads with the route, not with the app's entry (which /auth downloads). */
function financeRoute(path: string, load: () => Promise<PageModule>): RouteObject {
  return {
    path,
    lazy: async () => {
      const { HUB_CARDS } = await import('@/features/financeiro/lib/hub-cards');
      const roles = HUB_CARDS.find((card) => card.to === `${paths.financeiro.hub}/${path}`)?.roles ?? ADMIN_ONLY;
      const description = roles.includes('commercial')
        ? 'Apenas administradores, assistentes jurídicos e o comercial podem acessar esta área do financeiro.'
        : roles.includes('legal_assistant')
          ? 'Apenas administradores e assistentes jurídicos podem acessar esta área do financeiro.'
          : 'Apenas administradores podem acessar esta área do financeiro.';
      return { element: <RequireRoleInPage roles={roles} description={description} /> };
    },
    children: [{ index: true, ...page(load) }],
  };
}

export const ADVANCED_PROCESS_ROLES = ['administrator', 'legal_assistant'] as const;
export const ADMIN_ONLY = ['administrator'] as const;
export const CLIENT_ONLY = ['client'] as const;

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/auth', ...page(() => import('@/features/auth/routes/auth-page')) },
      { path: '/definir-senha', ...page(() => import('@/features/auth/routes/definir-senha-page')) },
      // public: anyone checks whether a PDF is a contract signed through the portal
      {
        path: '/verificar-contrato',
        ...page(() => import('@/features/financeiro/signing/routes/verificar-contrato-page')),
      },
      {
        // Staff area: every staff role (clients are sent to /cliente), past the office's second-factor rule.
        element: <RequireAuth roles={STAFF_ROLES} secondFactor />,
        children: [
          {
            ...layout(() => import('./staff-layout'), 'StaffLayout'),
            children: [
              { index: true, ...page(() => import('@/features/dashboard/routes/dashboard-page')) },
              { path: 'clientes', ...page(() => import('@/features/clientes/routes/clientes-page')) },
              { path: 'clientes/:clientId', ...page(() => import('./routes/cliente')) },
              {
                path: 'clientes/:clientId/mensagens',
                ...page(() => import('@/features/mensagens/routes/mensagens-page')),
              },
              {
                path: 'clientes/:clientId/questionario',
                ...page(() => import('@/features/formularios/routes/questionario-cliente-page')),
              },
              { path: 'processos', ...page(() => import('./routes/processos')) },
              { path: 'processos/:processId', ...page(() => import('./routes/processo')) },
              {
                path: 'processos/avancado',
                element: <RequireAuth roles={ADVANCED_PROCESS_ROLES} />,
                children: [{ index: true, ...page(() => import('./routes/processos')) }],
              },
              { path: 'atendimento', ...page(() => import('@/features/atendimento/routes/atendimento-page')) },
              {
                path: 'atendimento/mensagens',
                ...page(() => import('@/features/mensagens/routes/conversas-page')),
              },
              { path: 'perfil', ...page(() => import('@/features/perfil/routes/perfil-page')) },
              { path: 'agendamentos', ...page(() => import('@/features/agenda/routes/agendamentos-page')) },
              { path: 'tarefas', ...page(() => import('@/features/tarefas/routes/tarefas-page')) },
              { path: 'crm', ...page(() => import('@/features/crm/routes/crm-page')) },
              { path: 'relatorios', ...page(() => import('@/features/relatorios/routes/relatorios-page')) },
              { path: 'configuracoes', ...page(() => import('./routes/configuracoes')) },
              {
                path: 'financeiro',
                children: [
                  { index: true, ...page(() => import('@/features/financeiro/routes/financeiro-page')) },
                  // these three show Acesso Restrito themselves, with their own words
                  { path: 'produtos', ...page(() => import('@/features/financeiro/routes/produtos-page')) },
                  { path: 'despesas', ...page(() => import('@/features/financeiro/routes/despesas-page')) },
                  { path: 'taxas-uscis', ...page(() => import('@/features/financeiro/routes/taxas-uscis-page')) },
                  // the others for the roles of their hub card (spec section 2); other staff see Acesso Restrito,
                  // not empty tables (the database refuses them the rows anyway)
                  financeRoute('orcamentos', () => import('@/features/financeiro/routes/orcamentos-page')),
                  financeRoute('contratos', () => import('@/features/financeiro/routes/contratos-page')),
                  financeRoute('comissoes', () => import('@/features/financeiro/routes/comissoes-page')),
                  financeRoute('relatorios', () => import('@/features/financeiro/routes/relatorios-financeiros-page')),
                ],
              },
              {
                path: 'integracoes',
                // Like /usuarios: other staff see Acesso Restrito instead of being sent away silently.
                element: (
                  <RequireRoleInPage
                    roles={ADMIN_ONLY}
                    description="Apenas administradores podem gerenciar as integrações."
                  />
                ),
                children: [
                  { index: true, ...page(() => import('./routes/integracoes')) },
                  {
                    path: 'tarefas-agendadas',
                    ...page(() => import('@/features/automacoes/routes/tarefas-agendadas-page')),
                  },
                ],
              },
              {
                path: 'notificacoes-envios',
                element: <RequireAuth roles={ADMIN_ONLY} />,
                children: [{ index: true, ...page(() => import('@/features/notificacoes/routes/envios-page')) }],
              },
              {
                path: 'historico',
                element: (
                  <RequireRoleInPage
                    roles={ADMIN_ONLY}
                    description="Apenas administradores podem consultar o histórico de alterações."
                  />
                ),
                children: [{ index: true, ...page(() => import('@/features/historico/routes/historico-page')) }],
              },
              {
                path: 'privacidade',
                element: (
                  <RequireRoleInPage
                    roles={ADMIN_ONLY}
                    description="Apenas administradores podem tratar pedidos LGPD."
                  />
                ),
                children: [{ index: true, ...page(() => import('@/features/privacidade/routes/privacidade-page')) }],
              },
              // Open to all staff: the page itself shows "Acesso Restrito" to non-administrators.
              { path: 'usuarios', ...page(() => import('@/features/usuarios/routes/usuarios-page')) },
            ],
          },
        ],
      },
      {
        path: '/cliente',
        element: <RequireAuth roles={CLIENT_ONLY} />,
        children: [
          {
            // first the versions in force of the terms and privacy notice the client has not accepted
            element: <PortalConsentGate />,
            children: [
              {
                ...layout(() => import('@/components/layouts/portal-layout'), 'PortalLayout'),
                children: [
                  { index: true, ...page(() => import('./routes/portal-home')) },
                  { path: 'processos', ...page(() => import('@/features/portal/routes/portal-processos-page')) },
                  { path: 'processos/:processId', ...page(() => import('./routes/portal-processo')) },
                  { path: 'financeiro', ...page(() => import('@/features/financeiro/routes/portal-financeiro-page')) },
                  {
                    path: 'contratos/:contractId',
                    ...page(() => import('@/features/financeiro/signing/routes/portal-contrato-page')),
                  },
                  { path: 'mensagens', ...page(() => import('@/features/mensagens/routes/portal-mensagens-page')) },
                  { path: 'documentos', ...page(() => import('@/features/portal/routes/portal-documentos-page')) },
                  {
                    path: 'questionario',
                    ...page(() => import('@/features/formularios/routes/portal-questionario-page')),
                  },
                  { path: 'agendamentos', ...page(() => import('@/features/agenda/routes/portal-agendamentos-page')) },
                  { path: 'perfil', ...page(() => import('@/features/notificacoes/routes/canais-page')) },
                  { path: 'meus-dados', ...page(() => import('@/features/privacidade/routes/meus-dados-page')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
