import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import type { ProcessRow } from '../api/types';
import { ProcessStatusBadge, StageBadge } from './process-badges';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export function ProcessDetailsDialog({ process, onOpenChange }: { process: ProcessRow | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={process !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Detalhes do Processo</DialogTitle>
          <DialogDescription>Processo nº {process?.id}</DialogDescription>
        </DialogHeader>
        {process && (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Detail label="Tipo de Processo">{process.type}</Detail>
            <Detail label="Cliente">{process.client?.full_name ?? process.client_name ?? '-'}</Detail>
            <Detail label="Número de Recibo">{process.receipt_number ?? '-'}</Detail>
            <Detail label="Status">
              <ProcessStatusBadge status={process.status} />
            </Detail>
            <Detail label="Categoria">{process.category ?? '-'}</Detail>
            <Detail label="Estágio">
              <StageBadge stage={process.stage} />
            </Detail>
            <Detail label="Última Atualização">{formatDate(process.last_update)}</Detail>
            <Detail label="Próxima Data">{formatDate(process.next_date)}</Detail>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
