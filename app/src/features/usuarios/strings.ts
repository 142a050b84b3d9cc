/** UI texts of /usuarios (spec: Usuários, sections 6 and 8). */
export const usuariosStrings = {
  title: 'Usuários',
  description: 'Gerencie os usuários do sistema e suas funções.',
  invite: 'Convidar Novo Usuário',
  inviteSoon: 'O convite de novos usuários estará disponível em breve.',
  denied: 'Você não tem permissão para gerenciar usuários. Apenas administradores podem acessar esta página.',
  columns: { name: 'Nome', email: 'Email', role: 'Função', actions: 'Ações' },
  notSpecified: 'Não especificado',
  details: 'Detalhes',
  roleFor: 'Função de {name}',
  ownRole: 'Você não pode alterar a sua própria função.',
  empty: 'Nenhum usuário encontrado.',
  loadError: 'Erro ao carregar usuários',
  updated: 'Função do usuário atualizada com sucesso',
  updateError: 'Erro ao atualizar função do usuário',
} as const;
