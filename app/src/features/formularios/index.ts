/** What the routes may compose of Formulários: the USCIS forms library (a tab of Processos). */
export { FormsTab } from './components/forms-tab';
export { missingAnswers, type MissingAnswers } from './missing-data';
