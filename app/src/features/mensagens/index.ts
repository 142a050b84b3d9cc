/** What the routes may compose of Mensagens: the client's thread and its office-message count (the portal's home). */
export { useMessages, useOfficeMessageCount } from './api/queries';
