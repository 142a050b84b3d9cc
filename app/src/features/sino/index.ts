/** The notification bell of the staff header. */
export { NotificationBell } from './notification-bell';
