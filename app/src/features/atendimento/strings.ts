/** Texts of the service screen (atendimento), pt-BR as the spec writes them. */
export const atendimentoStrings = {
  title: 'Atendimento',
  description: 'Registre e acompanhe as interações com os clientes.',
  newInteraction: 'Nova Interação',
  search: 'Buscar por cliente, processo, descrição ou responsável...',
  empty: 'Nenhuma interação encontrada.',
  unknownClient: 'Cliente não encontrado',
  noProcess: 'Nenhum processo',
  created: 'Interação registrada',
  createdText: 'A nota de atendimento foi adicionada com sucesso.',
  createError: 'Erro ao adicionar nota: {message}',
  updated: 'Interação atualizada',
  updateError: 'Erro ao atualizar interação: {message}',
  completed: 'Interação marcada como concluída',
  cancelled: 'Interação cancelada',
  tabs: { all: 'Todas Interações', completed: 'Concluídas', pending: 'Pendentes', scheduled: 'Agendadas' },
  actions: { details: 'Ver detalhes', edit: 'Editar', complete: 'Marcar como concluído', cancel: 'Cancelar' },
} as const;
