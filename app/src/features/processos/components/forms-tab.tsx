/** The Formulários tab lives in the forms feature (USCIS forms library and their filling). */
export { FormsTab, FORM_DOWNLOAD_MS, FORMS_REFRESH_MS } from '@/features/formularios/components/forms-tab';
