/** UI texts of /usuarios (spec: Usuários, sections 6 and 8). */
export const usuariosStrings = {
  title: 'Usuários',
  description: 'Gerencie os usuários do sistema e suas funções.',
  invite: 'Convidar Novo Usuário',
  inviteDescription: 'A pessoa recebe um e-mail com um link para definir a senha e entrar com a função escolhida.',
  inviteName: 'Nome completo',
  inviteEmail: 'Email',
  inviteRole: 'Função',
  inviteSubmit: 'Enviar convite',
  inviteSent: 'Convite enviado para {email}',
  inviteEmailInvalid: 'Informe um email válido',
  inviteNameInvalid: 'Informe o nome completo (mínimo de 3 caracteres)',
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
  clientRole: 'Um cliente não pode receber uma função da equipe.',
  confirmTitle: 'Alterar a função de {name}?',
  confirmChange: '{name} passará de {from} para {to}.',
  confirmAction: 'Alterar função',
  cancel: 'Cancelar',
  /** What a person with each staff role sees, for the confirmation of a role change. */
  roleScope: {
    administrator:
      'Verá e poderá alterar todos os dados do escritório: clientes, processos, todo o financeiro (com relatórios e receita), usuários e integrações.',
    legal_assistant:
      'Verá todos os clientes e processos e cuidará de orçamentos, contratos e pagamentos, sem relatórios financeiros nem receita.',
    commercial:
      'Verá clientes, processos e o CRM, e no financeiro apenas os orçamentos que vender e as próprias comissões.',
    secretary: 'Verá clientes, processos, agenda e tarefas, sem acesso ao financeiro.',
  },
} as const;
