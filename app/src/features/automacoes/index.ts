/** What other features may use of Automações: the forms robot's last run and the link to the scheduled jobs. */
export { FormsLastCheck } from './components/forms-last-check';
export { ScheduledJobsLinkCard } from './components/scheduled-jobs-link-card';
export { automacoesStrings } from './strings';
