/** What the routes may compose of Financeiro: the client's own finance (the portal's home overview). */
export { useClientFinance } from './api/client-finance';
