/** What the routes may compose of Financeiro: the client's own finance (the portal's home overview). */
export { useClientFinance } from './api/client-finance';
// the contract templates card, which the Configurações route shows
export { ContractTemplatesCard } from './signing/components/contract-templates-card';
