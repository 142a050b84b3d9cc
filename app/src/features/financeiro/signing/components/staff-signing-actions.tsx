/** Staff side of a contract's signature: Enviar para assinatura, Contra-assinar, the signed PDF. */
import { FileDown, FilePlus2, PenLine, Send } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { downloadSigningDocument, useSigningContract, useSigningMutation } from '../api';
import { AmendmentDialog } from './amendment-dialog';
import { SignatureStatusBadge } from './signature-status-badge';

export function StaffSigningActions({ contractId, canWrite }: { contractId: string; canWrite: boolean }) {
  const { data: contract } = useSigningContract(contractId);
  const action = useSigningMutation<{ status: string }>();
  const [asking, setAsking] = useState<'send' | 'countersign' | null>(null);
  const [amending, setAmending] = useState(false);
  if (!contract) return null;
  const status = contract.signature_status;
  const run = (which: 'send' | 'countersign') =>
    action.mutateAsync({ action: which, contractId }).then(
      () =>
        toast.success(
          which === 'send' ? 'Contrato enviado para assinatura do cliente' : 'Contrato contra-assinado: vigente',
        ),
      (e: Error) => toast.error(e.message),
    );
  return (
    <div className="grid gap-2" data-testid="contract-signing">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Assinatura eletrônica:</span>
        <SignatureStatusBadge status={status} />
        {contract.signed_at && (
          <span className="text-xs text-muted-foreground">
            Cliente: {contract.signed_by_name}, {formatDateTime(contract.signed_at)}
            {contract.countersigned_at &&
              ` · Escritório: ${contract.countersigned_by_name}, ${formatDateTime(contract.countersigned_at)}`}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {canWrite && (status === 'draft' || status === 'sent') && (
          <Button size="sm" onClick={() => setAsking('send')} disabled={action.isPending}>
            <Send aria-hidden="true" />
            {status === 'sent' ? 'Reenviar para assinatura' : 'Enviar para assinatura'}
          </Button>
        )}
        {canWrite && status === 'client_signed' && (
          <Button size="sm" onClick={() => setAsking('countersign')} disabled={action.isPending}>
            <PenLine aria-hidden="true" />
            Contra-assinar
          </Button>
        )}
        {canWrite && status === 'countersigned' && (
          <Button size="sm" variant="outline" onClick={() => setAmending(true)}>
            <FilePlus2 aria-hidden="true" />
            Criar aditivo
          </Button>
        )}
        {status !== 'draft' && (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              downloadSigningDocument(contractId, `contrato-${contract.contract_number}-${status}.pdf`).catch(
                (e: Error) => toast.error(e.message),
              )
            }
          >
            <FileDown aria-hidden="true" />
            {status === 'sent' ? 'Documento enviado (PDF)' : 'Contrato assinado (PDF)'}
          </Button>
        )}
      </div>
      {amending && <AmendmentDialog contract={contract} onClose={() => setAmending(false)} />}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        destructive={false}
        pending={action.isPending}
        title={asking === 'send' ? 'Enviar para assinatura?' : 'Contra-assinar o contrato?'}
        description={
          asking === 'send'
            ? `O documento do contrato ${contract.contract_number} é gerado a partir do modelo e do orçamento e o cliente é avisado para assinar no portal.`
            : `O contrato ${contract.contract_number} recebe o selo do escritório e passa a vigente. Os termos não poderão mais ser alterados.`
        }
        onConfirm={() => asking && run(asking)}
      />
    </div>
  );
}
