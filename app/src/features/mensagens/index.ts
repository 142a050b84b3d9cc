/** What other features may use of Mensagens: the thread and its texts (the portal shows the same conversation). */
export { useMessages, useOfficeMessageCount } from './api/queries';
export { MessageThread } from './components/message-thread';
export { mensagensStrings } from './strings';
