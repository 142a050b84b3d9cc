/** /cliente: the portal's home with the client's finance (Financeiro) and thread (Mensagens) in its overview. */
import { useClientFinance } from '@/features/financeiro';
import { useMessages, useOfficeMessageCount } from '@/features/mensagens';
import PortalHomePage from '@/features/portal/routes/portal-home-page';
import { useAuth } from '@/lib/auth-context';

export default function PortalHomeRoute() {
  const clientId = useAuth().clientData?.id ?? '';
  const finance = useClientFinance(clientId);
  const messages = useMessages(clientId);
  const officeMessages = useOfficeMessageCount(clientId);
  return <PortalHomePage finance={finance} messages={messages} officeMessages={officeMessages} />;
}
