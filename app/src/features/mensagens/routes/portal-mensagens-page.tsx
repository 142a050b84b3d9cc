import { PageHeader } from '@/components/page-header';
import { mensagensStrings, MessageThread } from '@/features/mensagens';
import { useClientId } from '../api/queries';

/** The client's thread with the office: own messages on the right, the office's on the left. */
export default function PortalMensagensPage() {
  const clientId = useClientId();
  return (
    <>
      <PageHeader title={mensagensStrings.portalTitle} description={mensagensStrings.portalDescription} />
      {clientId && <MessageThread clientId={clientId} viewer="client" otherLabel={mensagensStrings.office} />}
    </>
  );
}
