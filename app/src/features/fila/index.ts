/** What other features may use of "where the case stands": the process page's panel, the portal's card and the
 * settings cards (Visa Bulletin import, USCIS processing times). */
export { BulletinImportCard } from './components/bulletin-import-card';
export { ProcessingTimesCard } from './components/processing-times-card';
export { QueueCard } from './components/queue-card';
export { StandingPanel } from './components/standing-panel';
