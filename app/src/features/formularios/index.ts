/** What other features may use of Formulários: the USCIS forms tab (Processos) and the questionnaire (portal). */
export { FORM_DOWNLOAD_MS, FORMS_REFRESH_MS, FormsTab } from './components/forms-tab';
export { QuestionnaireScreen } from './components/questionnaire-screen';
export { questionnaireStrings } from './strings';
