/** What other features may use of Notificações: the link to the deliveries. */
export { DeliveriesLinkCard } from './components/deliveries-link-card';
