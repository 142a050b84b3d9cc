/** Shared UI words (pt-BR). Feature-specific texts live in features/<f>/strings.ts. */
export const commonStrings = {
  save: 'Salvar',
  cancel: 'Cancelar',
  close: 'Fechar',
  edit: 'Editar',
  delete: 'Excluir',
  loading: 'Carregando...',
  actions: 'Ações',
  search: 'Pesquisar...',
  signOut: 'Sair',
  myProfile: 'Meu Perfil',
  settings: 'Configurações',
  notInformed: 'Não informado',
  defaultUserName: 'Usuário',
  defaultCompanyName: 'Escritório de Imigração',
  companyCaption: 'IMMIGRATION SERVICES',
  notFoundTitle: 'Página não encontrada',
  backHome: 'Voltar para o início',
  userLoadError: 'Erro ao carregar dados do usuário',
  signOutError: 'Erro ao sair do sistema',
  genericError: 'Ocorreu um erro inesperado',
} as const;

/** A text with {placeholders} filled in: fill('Erro: {message}', { message }) → 'Erro: …'. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
