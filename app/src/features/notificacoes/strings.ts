/** Texts of the notifications area (pt-BR). */
export const notificacoesStrings = {
  // deliveries (administrators)
  deliveriesTitle: 'Envios de notificações',
  deliveriesDescription: 'E-mails e mensagens de WhatsApp enviados aos clientes, com tentativas e erros.',
  statusFilter: 'Situação',
  allStatuses: 'Todas',
  status: {
    queued: 'Na fila',
    sending: 'Enviando',
    sent: 'Enviado',
    failed: 'Falhou (nova tentativa)',
    dead: 'Sem sucesso',
  },
  channel: { email: 'E-mail', whatsapp: 'WhatsApp', in_app: 'Portal' },
  resend: 'Reenviar',
  resent: 'Envio enfileirado novamente',
  resendError: 'Não foi possível reenviar: {message}',
  emptyDeliveries: 'Nenhum envio encontrado.',
  loadError: 'Não foi possível carregar os envios: {message}',
  // client channels
  channelsTitle: 'Meu Perfil',
  channelsDescription: 'Escolha por onde deseja receber as atualizações dos seus processos.',
  channelsCard: 'Canais de notificação',
  channelsHelp:
    'Você sempre vê as notificações aqui no portal. Marque os canais pelos quais também autoriza o escritório a avisá-lo.',
  emailChannel: 'Receber notificações por e-mail',
  whatsappChannel: 'Receber notificações por WhatsApp',
  whatsappPhone: 'Número do WhatsApp (formato internacional)',
  consentSince: 'Autorizado em {date}',
  consentRevoked: 'Autorização retirada em {date}',
  consentSaved: 'Preferência salva',
  consentError: 'Não foi possível salvar: {message}',
  deliveriesLink: 'Ver envios de notificações',
} as const;

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
