/** The integrations the page lists (spec: Integrações): only those with a real configuration behind them. */
import { CloudUpload, MessageCircle, type LucideIcon } from 'lucide-react';

export interface Integration {
  id: 's3' | 'whatsapp';
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
];
