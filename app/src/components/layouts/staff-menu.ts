/** staffMenu(roles): the staff sidebar entries visible to the given roles (spec sections 2 and 6). */
import {
  BarChart3,
  Calendar,
  CheckSquare,
  FileText,
  History,
  Headset,
  Image,
  LayoutDashboard,
  MessagesSquare,
  Plug,
  Settings,
  ShieldCheck,
  Target,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { hasAnyRole, STAFF_ROLES } from '@/lib/roles';

export interface MenuLink {
  type: 'link';
  label: string;
  to: string;
  icon?: LucideIcon;
}

export interface MenuGroup {
  type: 'group';
  label: string;
  icon: LucideIcon;
  /** Route prefix of the group (opens the group when the current page is inside it). */
  basePath: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

type Rule = readonly string[];
const EVERY_STAFF: Rule = STAFF_ROLES;
const ADMIN: Rule = ['administrator'];
const ADMIN_LEGAL: Rule = ['administrator', 'legal_assistant'];
const ADMIN_COMMERCIAL: Rule = ['administrator', 'commercial'];

/** Finance sub-pages, with the roles of the matching hub card. */
export const FINANCE_ITEMS: readonly (Omit<MenuLink, 'type'> & { roles: Rule })[] = [
  { label: 'Produtos e Serviços', to: paths.financeiro.produtos, roles: ADMIN_LEGAL },
  { label: 'Despesas', to: paths.financeiro.despesas, roles: ADMIN },
  { label: 'Taxas USCIS', to: paths.financeiro.taxasUscis, roles: ADMIN_LEGAL },
  // commercial works the quotes it sells (the database shows it only those)
  { label: 'Orçamentos', to: paths.financeiro.orcamentos, roles: ['administrator', 'legal_assistant', 'commercial'] },
  { label: 'Contratos', to: paths.financeiro.contratos, roles: ADMIN_LEGAL },
  { label: 'Comissões', to: paths.financeiro.comissoes, roles: ADMIN },
  { label: 'Relatórios', to: paths.financeiro.relatorios, roles: ADMIN },
];

export function staffMenu(roles: readonly string[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const link = (label: string, to: string, icon: LucideIcon, allowed: Rule) => {
    if (hasAnyRole(roles, allowed)) entries.push({ type: 'link', label, to, icon });
  };

  link('Dashboard', paths.dashboard, LayoutDashboard, EVERY_STAFF);
  link('Clientes', paths.clientes, Users, EVERY_STAFF);
  link('Processos', paths.processos, FileText, EVERY_STAFF);
  link('Atendimento', paths.atendimento, Headset, EVERY_STAFF);
  link('Mensagens', paths.atendimentoMensagens, MessagesSquare, EVERY_STAFF);
  const financeItems = FINANCE_ITEMS.filter((item) => hasAnyRole(roles, item.roles));
  if (financeItems.length > 0) {
    entries.push({
      type: 'group',
      label: 'Financeiro',
      icon: Wallet,
      basePath: paths.financeiro.hub,
      children: financeItems.map(({ label, to }) => ({
        type: 'link',
        label,
        to,
      })),
    });
  }
  link('Agendamentos', paths.agendamentos, Calendar, EVERY_STAFF);
  link('Tarefas', paths.tarefas, CheckSquare, EVERY_STAFF);
  link('CRM', paths.crm, Target, ADMIN_COMMERCIAL);
  link('Relatórios', paths.relatorios, BarChart3, ADMIN_LEGAL);
  link('Integrações', paths.integracoes, Plug, ADMIN);
  link('Usuários', paths.usuarios, UserCog, ADMIN);
  link('Histórico de alterações', paths.historico, History, ADMIN);
  link('Privacidade (LGPD)', paths.privacidade, ShieldCheck, ADMIN);
  link('Configurações', paths.configuracoes, Settings, EVERY_STAFF);
  link('Logotipo', paths.perfil, Image, EVERY_STAFF);
  return entries;
}

/** Labels only, for tests and quick checks: groups as 'Financeiro > Despesas'. */
export function menuLabels(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.type === 'link' ? [entry.label] : [entry.label, ...entry.children.map((c) => `${entry.label} > ${c.label}`)],
  );
}
