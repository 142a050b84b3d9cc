/** The integrations the page lists (spec: Integrações). Only Amazon S3 has a real configuration. */
import {
  Calendar,
  Camera,
  CloudUpload,
  CreditCard,
  FileSignature,
  HardDrive,
  MessageCircle,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';

export interface Integration {
  id: 's3' | 'whatsapp' | 'facebook' | 'instagram' | 'dropbox' | 'dropbox-sign' | 'google-calendar' | 'stripe';
  name: string;
  description: string;
  icon: LucideIcon;
}

export const INTEGRATIONS: readonly Integration[] = [
  {
    id: 's3',
    name: 'Amazon S3',
    description: 'Armazenamento dos documentos dos clientes na nuvem.',
    icon: CloudUpload,
  },
  {
    id: 'whatsapp',
    name: 'WhatsApp Business',
    description: 'Notificações e mensagens aos clientes pelo WhatsApp.',
    icon: MessageCircle,
  },
  { id: 'facebook', name: 'Facebook', description: 'Contatos e mensagens da página do escritório.', icon: ThumbsUp },
  { id: 'instagram', name: 'Instagram', description: 'Mensagens diretas do perfil do escritório.', icon: Camera },
  {
    id: 'dropbox',
    name: 'Dropbox',
    description: 'Importação e cópia de documentos de pastas compartilhadas.',
    icon: HardDrive,
  },
  {
    id: 'dropbox-sign',
    name: 'Dropbox Sign',
    description: 'Assinatura eletrônica de contratos e formulários.',
    icon: FileSignature,
  },
  {
    id: 'google-calendar',
    name: 'Google Calendar',
    description: 'Sincronização de agendamentos e audiências.',
    icon: Calendar,
  },
  {
    id: 'stripe',
    name: 'Stripe',
    description: 'Cobrança de honorários por cartão e link de pagamento.',
    icon: CreditCard,
  },
];
