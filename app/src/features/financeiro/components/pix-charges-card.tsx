/** Pix codes clients generated in the portal and not yet received: staff confirm each one, or import a statement. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, QrCode } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { moneyKeys } from '../api/keys';
import { formatMoney } from '@/lib/format';

interface OpenPixCharge {
  id: string;
  txid: string;
  amount: number;
  currency: string;
  amount_brl: number;
  created_at: string;
  client: { full_name: string } | null;
}

interface StatementResult {
  matched: { txid: string; amountBrl: string; receiptNumber: string }[];
  unmatched: { txid: string; reason: string }[];
}

const pixKey = [...moneyKeys.all, 'pix-open'] as const;
readsTables(pixKey, ['pix_charges', 'clients']);
const WRITES = ['pix_charges', 'financial_payments', 'financial_installments', 'financial_contracts'] as const;

function useOpenPixCharges() {
  return useQuery({
    queryKey: pixKey,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('pix_charges')
        .select('id, txid, amount, currency, amount_brl, created_at, client:clients(full_name)')
        .eq('status', 'open')
        .order('created_at', { ascending: false })
        .limit(100);
      if (error) throw error;
      const charges: OpenPixCharge[] = data ?? [];
      return charges;
    },
  });
}

export function PixChargesCard() {
  const queryClient = useQueryClient();
  const charges = useOpenPixCharges();
  const [asking, setAsking] = useState<OpenPixCharge | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const confirm = useMutation({
    mutationFn: async (charge: OpenPixCharge) => {
      const { error } = await supabase.rpc('confirm_pix_charge', {
        charge_id: charge.id,
        received_brl: charge.amount_brl,
      });
      if (error) throw error;
    },
    onSuccess: () => invalidateTables(queryClient, WRITES),
  });
  const statement = useMutation({
    mutationFn: async (file: File) => {
      const content = await file.text();
      const format = file.name.toLowerCase().endsWith('.ofx') ? 'ofx' : 'csv';
      const { data, error } = await supabase.functions.invoke<StatementResult>('payments-statement', {
        body: { content, format },
      });
      if (error) throw error;
      return data as StatementResult;
    },
    onSuccess: () => invalidateTables(queryClient, WRITES),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    statement.mutate(file, {
      onSuccess: (result) =>
        toast.success(`Extrato importado: ${result.matched.length} Pix baixado(s)`, {
          description: result.unmatched.length
            ? `Não conciliados: ${result.unmatched.map((u) => `${u.txid} (${u.reason})`).join('; ')}`
            : undefined,
        }),
      onError: (e) => toast.error('Erro ao importar o extrato', { description: errorMessage(e) }),
    });
  };

  const rows = charges.data ?? [];
  return (
    <Card className="mb-4">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <QrCode className="size-5" aria-hidden="true" />
            Pix aguardando confirmação
          </CardTitle>
          <CardDescription>
            Códigos Pix gerados pelos clientes no portal. Confirme quando o valor cair na conta.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={statement.isPending}>
          <FileUp aria-hidden="true" />
          Importar extrato (CSV/OFX)
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.ofx,text/csv"
          className="hidden"
          aria-label="Arquivo do extrato"
          onChange={onFile}
        />
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum Pix aguardando confirmação.</p>
        ) : (
          <Table aria-label="Pix aguardando confirmação">
            <TableHeader>
              <TableRow>
                <TableHead>Cliente</TableHead>
                <TableHead>Identificador (txid)</TableHead>
                <TableHead className="text-right">Valor em reais</TableHead>
                <TableHead className="text-right">Parcela</TableHead>
                <TableHead>Gerado em</TableHead>
                <TableHead>
                  <span className="sr-only">Ações</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((charge) => (
                <TableRow key={charge.id}>
                  <TableCell>{charge.client?.full_name ?? '-'}</TableCell>
                  <TableCell className="font-mono text-xs">{charge.txid}</TableCell>
                  <TableCell className="text-right">{formatMoney(charge.amount_brl, 'BRL')}</TableCell>
                  <TableCell className="text-right">{formatMoney(charge.amount, charge.currency)}</TableCell>
                  <TableCell>{formatDate(charge.created_at)}</TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      onClick={() => setAsking(charge)}
                      aria-label={`Confirmar recebimento do Pix ${charge.txid}`}
                    >
                      <CheckCircle2 aria-hidden="true" />
                      Confirmar recebimento
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Confirmar o recebimento deste Pix?"
        description={
          asking
            ? `O pagamento de ${formatMoney(asking.amount_brl, 'BRL')} (${asking.txid}) de ${
                asking.client?.full_name ?? 'cliente'
              } será registrado e o recibo emitido. Confirme só depois de ver o valor no extrato.`
            : ''
        }
        destructive={false}
        confirmLabel="Confirmar recebimento"
        pending={confirm.isPending}
        onConfirm={() => {
          if (!asking) return;
          confirm.mutate(asking, {
            onSuccess: () => {
              toast.success('Pix confirmado: pagamento registrado e recibo emitido');
              setAsking(null);
            },
            onError: (e) => toast.error('Erro ao confirmar o Pix', { description: errorMessage(e) }),
          });
        }}
      />
    </Card>
  );
}
