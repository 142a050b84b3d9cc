import { describe, expect, it } from 'vitest';
import { guardDecision, isPortalPath, landingAfterSignIn, landingFor } from './guard';

const user = { id: 'u1' };
const STAFF = ['administrator', 'legal_assistant', 'commercial', 'secretary'];

describe('guardDecision', () => {
  it('waits while loading', () => {
    expect(guardDecision({ loading: true, user: null, roles: [], pathname: '/' })).toEqual({ type: 'loading' });
    expect(guardDecision({ loading: true, user, roles: ['client'], required: STAFF, pathname: '/' })).toEqual({
      type: 'loading',
    });
  });

  it('opens the area on the last confirmed roles while loading, but never redirects on them', () => {
    expect(guardDecision({ loading: true, user, roles: ['secretary'], required: STAFF, pathname: '/' })).toEqual({
      type: 'render',
    });
    expect(
      guardDecision({ loading: true, user, roles: ['client'], required: ['client'], pathname: '/cliente' }),
    ).toEqual({
      type: 'render',
    });
    expect(guardDecision({ loading: true, user: null, roles: ['secretary'], required: STAFF, pathname: '/' })).toEqual({
      type: 'loading',
    });
    expect(guardDecision({ loading: true, user, roles: ['secretary'], pathname: '/perfil' })).toEqual({
      type: 'loading',
    });
  });

  it('sends visitors without a user to /auth', () => {
    expect(guardDecision({ loading: false, user: null, roles: [], pathname: '/clientes' })).toEqual({
      type: 'redirect',
      to: '/auth',
    });
    expect(
      guardDecision({ loading: false, user: null, roles: [], required: ['client'], pathname: '/cliente' }),
    ).toEqual({
      type: 'redirect',
      to: '/auth',
    });
  });

  it('renders when no role is required', () => {
    expect(guardDecision({ loading: false, user, roles: [], pathname: '/perfil' })).toEqual({ type: 'render' });
    expect(guardDecision({ loading: false, user, roles: [], required: [], pathname: '/perfil' })).toEqual({
      type: 'render',
    });
  });

  it('renders when the user has one of the required roles', () => {
    expect(
      guardDecision({ loading: false, user, roles: ['secretary'], required: STAFF, pathname: '/clientes' }),
    ).toEqual({
      type: 'render',
    });
    expect(
      guardDecision({
        loading: false,
        user,
        roles: ['legal_assistant'],
        required: ['administrator', 'legal_assistant'],
        pathname: '/processos/avancado',
      }),
    ).toEqual({ type: 'render' });
    expect(
      guardDecision({ loading: false, user, roles: ['client'], required: ['client'], pathname: '/cliente/mensagens' }),
    ).toEqual({
      type: 'render',
    });
  });

  it('sends a client outside /cliente to /cliente', () => {
    expect(guardDecision({ loading: false, user, roles: ['client'], required: STAFF, pathname: '/clientes' })).toEqual({
      type: 'redirect',
      to: '/cliente',
    });
    expect(guardDecision({ loading: false, user, roles: ['client'], required: STAFF, pathname: '/' })).toEqual({
      type: 'redirect',
      to: '/cliente',
    });
    expect(
      guardDecision({ loading: false, user, roles: ['client'], required: ['administrator'], pathname: '/usuarios' }),
    ).toEqual({
      type: 'redirect',
      to: '/cliente',
    });
  });

  it('sends a non-client inside /cliente to /', () => {
    expect(
      guardDecision({ loading: false, user, roles: ['administrator'], required: ['client'], pathname: '/cliente' }),
    ).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(
      guardDecision({
        loading: false,
        user,
        roles: ['secretary'],
        required: ['client'],
        pathname: '/cliente/documentos',
      }),
    ).toEqual({ type: 'redirect', to: '/' });
  });

  it('sends anyone else lacking the roles to /', () => {
    expect(
      guardDecision({
        loading: false,
        user,
        roles: ['secretary'],
        required: ['administrator'],
        pathname: '/integracoes',
      }),
    ).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(
      guardDecision({
        loading: false,
        user,
        roles: ['commercial'],
        required: ['administrator', 'legal_assistant'],
        pathname: '/processos/avancado',
      }),
    ).toEqual({ type: 'redirect', to: '/' });
  });

  it('reports forbidden instead of redirecting to the same page (no redirect loop)', () => {
    expect(guardDecision({ loading: false, user, roles: [], required: STAFF, pathname: '/' })).toEqual({
      type: 'forbidden',
    });
  });

  it('does not take /clientes for the portal', () => {
    expect(guardDecision({ loading: false, user, roles: ['client'], required: STAFF, pathname: '/clientes' })).toEqual({
      type: 'redirect',
      to: '/cliente',
    });
  });
});

describe('isPortalPath / landingFor', () => {
  it('matches /cliente and its children only', () => {
    expect(isPortalPath('/cliente')).toBe(true);
    expect(isPortalPath('/cliente/processos')).toBe(true);
    expect(isPortalPath('/clientes')).toBe(false);
    expect(isPortalPath('/')).toBe(false);
  });
  it('lands clients on /cliente and others on /', () => {
    expect(landingFor(['client'])).toBe('/cliente');
    expect(landingFor(['administrator'])).toBe('/');
    expect(landingFor([])).toBe('/');
  });
});

describe('landingAfterSignIn', () => {
  it('takes a client back to the portal page it opened signed out, query included', () => {
    expect(landingAfterSignIn(['client'], { pathname: '/cliente/financeiro', search: '?pagar=abc' })).toBe(
      '/cliente/financeiro?pagar=abc',
    );
  });

  it('never leaves the portal, and staff land as before', () => {
    expect(landingAfterSignIn(['client'], { pathname: '//evil.example/x' })).toBe(landingFor(['client']));
    expect(landingAfterSignIn(['client'], { pathname: '/financeiro/contratos' })).toBe(landingFor(['client']));
    expect(landingAfterSignIn(['client'], { pathname: '/cliente', search: 'javascript:x' })).toBe('/cliente');
    expect(landingAfterSignIn(['administrator'], { pathname: '/cliente/financeiro' })).toBe(
      landingFor(['administrator']),
    );
    expect(landingAfterSignIn(['client'], null)).toBe(landingFor(['client']));
  });
});
