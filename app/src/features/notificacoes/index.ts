/** What other features may use of Notificações: the WhatsApp and deliveries cards. */
export { useWhatsAppSetting } from './api/whatsapp-setting';
export { DeliveriesLinkCard } from './components/deliveries-link-card';
export { WhatsAppConfigDialog } from './components/whatsapp-config-dialog';
