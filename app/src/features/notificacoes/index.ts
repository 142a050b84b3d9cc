/** What other features may use of Notificações: stage changes that notify, and the WhatsApp/deliveries cards. */
export { stageOutcome, useChangeStage } from './api/stage';
export { useWhatsAppSetting } from './api/whatsapp-setting';
export { DeliveriesLinkCard } from './components/deliveries-link-card';
export { WhatsAppConfigDialog } from './components/whatsapp-config-dialog';
