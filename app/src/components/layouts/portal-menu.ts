/** The client portal's menu (spec: Client portal). */
import {
  CalendarDays,
  ClipboardList,
  FileText,
  FolderOpen,
  Home,
  MessageSquare,
  ShieldCheck,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface PortalMenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const PORTAL_MENU: readonly PortalMenuItem[] = [
  { label: 'Início', to: paths.portal.home, icon: Home },
  { label: 'Meus Processos', to: paths.portal.processos, icon: FolderOpen },
  { label: 'Financeiro', to: paths.portal.financeiro, icon: Wallet },
  { label: 'Mensagens', to: paths.portal.mensagens, icon: MessageSquare },
  { label: 'Documentos', to: paths.portal.documentos, icon: FileText },
  { label: 'Questionário', to: `${paths.portal.home}/questionario`, icon: ClipboardList },
  { label: 'Agendamentos', to: paths.portal.agendamentos, icon: CalendarDays },
  { label: 'Meu Perfil', to: `${paths.portal.home}/perfil`, icon: UserRound },
  { label: 'Meus Dados', to: paths.portal.meusDados, icon: ShieldCheck },
];
