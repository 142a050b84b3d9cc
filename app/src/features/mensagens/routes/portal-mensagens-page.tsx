import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth-context';
import { MessageThread } from '../components/message-thread';
import { mensagensStrings } from '../strings';

/** /cliente/mensagens: the client's thread with the office: own messages on the right, the office's on the left. */
export default function PortalMensagensPage() {
  const clientId = useAuth().clientData?.id ?? '';
  return (
    <>
      <PageHeader title={mensagensStrings.portalTitle} description={mensagensStrings.portalDescription} />
      {clientId && <MessageThread clientId={clientId} viewer="client" otherLabel={mensagensStrings.office} />}
    </>
  );
}
