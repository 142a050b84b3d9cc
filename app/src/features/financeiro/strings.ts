import { fill } from '@/lib/strings';

/** Texts of the finance module (pt-BR, as the spec writes them). */
export const financeStrings = {
  hubTitle: 'Módulo Financeiro',
  access: 'Acessar',
  required: 'Preencha todos os campos obrigatórios',
  invalidNumber: 'Informe um número válido, como 1.234,56.',
  errorTitle: 'Erro',
  products: {
    title: 'Produtos e Serviços',
    search: 'Buscar produto ou categoria...',
    empty: 'Nenhum produto encontrado.',
    loading: 'Carregando produtos...',
    created: 'Produto criado',
    updated: 'Produto atualizado',
    deleted: 'Produto excluído',
    createError: 'Erro ao criar produto: {message}',
    updateError: 'Erro ao atualizar produto: {message}',
    deleteError: 'Erro ao excluir produto: {message}',
    denied: 'Você não tem permissão para ver os produtos e serviços.',
  },
  expenses: {
    title: 'Despesas',
    search: 'Buscar despesas...',
    empty: 'Nenhuma despesa encontrada.',
    loading: 'Carregando despesas...',
    added: 'Despesa adicionada',
    updated: 'Despesa atualizada',
    deleted: 'Despesa excluída',
    paid: 'Despesa paga',
    addError: 'Erro ao adicionar despesa: {message}',
    updateError: 'Erro ao atualizar despesa: {message}',
    deleteError: 'Erro ao excluir despesa: {message}',
    payError: 'Erro ao marcar despesa como paga: {message}',
    denied: 'Você não tem permissão para ver as despesas.',
  },
  fees: {
    title: 'Taxas USCIS',
    search: 'Buscar por código, formulário, categoria ou descrição...',
    empty: 'Nenhuma taxa encontrada.',
    loading: 'Carregando taxas...',
    added: 'Taxa adicionada',
    updated: 'Taxa atualizada',
    deleted: 'Taxa excluída',
    deletedText: 'A taxa USCIS foi excluída com sucesso.',
    addError: 'Erro ao adicionar taxa: {message}',
    updateError: 'Erro ao atualizar taxa: {message}',
    deleteError: 'Erro ao excluir taxa: {message}',
    denied: 'Você não tem permissão para ver as taxas USCIS.',
  },
} as const;

export function withMessage(template: string, message: string): string {
  return fill(template, { message });
}
