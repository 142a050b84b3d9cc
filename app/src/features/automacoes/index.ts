/** What other features may use of Automações: the link to the scheduled jobs. */
export { ScheduledJobsLinkCard } from './components/scheduled-jobs-link-card';
