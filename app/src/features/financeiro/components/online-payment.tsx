/** Paying an installment online from the portal: "Pagar agora" (card, Stripe Checkout, USD) and Pix (BR Code, BRL). */
import { Copy, CreditCard, Loader2, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { Installment } from '../api/money';
import { formatMoney } from '../lib/money';

interface CheckoutAnswer {
  url: string;
  sessionId: string;
}

export interface PixCharge {
  id: string;
  txid: string;
  amount: string;
  currency: string;
  amount_brl: string;
  exchange_rate: string | null;
  exchange_rate_date: string | null;
}

interface PixAnswer {
  charge: PixCharge;
  brCode: string;
  qrSvg: string;
}

/** A payments function's answer, or its pt-BR `error` as the thrown message. */
async function invokePayment<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) {
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const payload = (await context
        .clone()
        .json()
        .catch(() => null)) as { error?: string } | null;
      if (payload?.error) throw new Error(payload.error);
    }
    throw new Error(errorMessage(error));
  }
  return data as T;
}

function isOpen(installment: Installment): boolean {
  return installment.status === 'pending' || installment.status === 'partial';
}

function label(installment: Installment): string {
  return installment.number === 0 ? 'entrada' : `parcela ${installment.number}`;
}

export function PayInstallmentActions({ installment }: { installment: Installment }) {
  const [opening, setOpening] = useState(false);
  const [pixOpen, setPixOpen] = useState(false);
  const [pix, setPix] = useState<PixAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!isOpen(installment)) return null;

  const loadPix = async () => {
    setLoading(true);
    setFailure(null);
    try {
      setPix(await invokePayment<PixAnswer>('payments-pix', { installmentId: installment.id }));
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };
  const openPix = () => {
    setPixOpen(true);
    if (!pix && !loading) void loadPix();
  };

  const payByCard = async () => {
    setOpening(true);
    try {
      const returnUrl = `${window.location.origin}${window.location.pathname}`;
      const answer = await invokePayment<CheckoutAnswer>('payments-checkout', {
        installmentId: installment.id,
        returnUrl,
      });
      window.location.assign(answer.url);
    } catch (e) {
      toast.error('Não foi possível iniciar o pagamento', { description: errorMessage(e) });
      setOpening(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {installment.currency === 'USD' && (
        <Button
          size="sm"
          onClick={() => void payByCard()}
          disabled={opening}
          aria-label={`Pagar agora a ${label(installment)}`}
        >
          {opening ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
          Pagar agora
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={openPix} aria-label={`Pagar com Pix a ${label(installment)}`}>
        <QrCode aria-hidden="true" />
        Pagar com Pix
      </Button>
      <PixDialog
        installment={installment}
        open={pixOpen}
        onOpenChange={setPixOpen}
        answer={pix}
        failure={failure}
        loading={loading}
        onRetry={() => void loadPix()}
      />
    </div>
  );
}

function PixDialog({
  installment,
  open,
  onOpenChange,
  answer,
  failure,
  loading,
  onRetry,
}: {
  installment: Installment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: PixAnswer | null;
  failure: string | null;
  loading: boolean;
  onRetry: () => void;
}) {
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Código Pix copiado');
    } catch {
      toast.error('Não foi possível copiar: selecione o código e copie manualmente');
    }
  };

  const charge = answer?.charge;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Pagar com Pix</DialogTitle>
          <DialogDescription>
            {`${installment.number === 0 ? 'Entrada' : `Parcela ${installment.number}`} de ${formatMoney(
              installment.amount,
              installment.currency,
            )}`}
          </DialogDescription>
        </DialogHeader>
        {loading && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Gerando o código Pix…
          </p>
        )}
        {failure && (
          <div className="grid gap-2">
            <p className="text-sm text-destructive" role="alert">
              {failure}
            </p>
            <Button size="sm" variant="outline" onClick={onRetry}>
              Tentar novamente
            </Button>
          </div>
        )}
        {answer && charge && (
          <div className="grid gap-3">
            <p className="text-lg font-semibold" data-testid="pix-amount">
              {formatMoney(charge.amount_brl, 'BRL')}
            </p>
            {charge.exchange_rate && (
              <p className="text-xs text-muted-foreground">
                {`${formatMoney(charge.amount, charge.currency)} convertidos pela PTAX de ${formatDate(
                  charge.exchange_rate_date,
                )}: ${formatMoney(1, 'USD')} = ${formatMoney(charge.exchange_rate, 'BRL')}`}
              </p>
            )}
            <img
              className="mx-auto size-56"
              alt="QR Code Pix"
              src={`data:image/svg+xml;base64,${window.btoa(answer.qrSvg)}`}
            />
            <label className="grid gap-1 text-sm font-medium" htmlFor={`pix-code-${charge.id}`}>
              Pix copia e cola
              <textarea
                id={`pix-code-${charge.id}`}
                readOnly
                rows={4}
                className="w-full break-all rounded-md border bg-muted p-2 font-mono text-xs"
                value={answer.brCode}
                onFocus={(event) => event.currentTarget.select()}
              />
            </label>
            <Button size="sm" onClick={() => void copy(answer.brCode)}>
              <Copy aria-hidden="true" />
              Copiar código
            </Button>
            <p className="text-xs text-muted-foreground">
              {`Identificador (txid): ${charge.txid}. O escritório confirma o recebimento e o recibo aparece em Pagamentos.`}
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The installment a reminder's pay link names (`/cliente/financeiro?pagar=<id>`). The link carries only the id:
 * the installment is looked up among the signed-in client's own (row-level security, filtered by its client id),
 * so another client's link finds nothing here and cannot be paid.
 */
export function PayLinkPanel({
  installmentId,
  installments,
  loading,
  title,
}: {
  installmentId: string;
  installments: Installment[];
  loading: boolean;
  title?: (installment: Installment) => string;
}) {
  if (loading) {
    return (
      <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Carregando a parcela…
      </p>
    );
  }
  const installment = installments.find((i) => i.id === installmentId);
  if (!installment) {
    return (
      <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
        Parcela não encontrada. Confira se você entrou com a sua própria conta.
      </p>
    );
  }
  const name = installment.number === 0 ? 'Entrada' : `Parcela ${installment.number}`;
  if (!isOpen(installment)) {
    return (
      <p role="status" className="mb-4 rounded-md border bg-muted p-3 text-sm">
        {`${name}: não há valor em aberto. Os recibos estão em Pagamentos.`}
      </p>
    );
  }
  const open = Number(installment.amount) - Number(installment.paid_amount);
  return (
    <section
      aria-label="Pagar parcela"
      data-testid="pay-link-panel"
      className="mb-4 grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4"
    >
      <div className="grid gap-1">
        <h2 className="font-semibold">{title ? title(installment) : `Pagar ${name.toLowerCase()}`}</h2>
        <p className="text-sm">
          {`Valor em aberto: ${formatMoney(open.toFixed(2), installment.currency)} · vencimento ${formatDate(
            installment.due_date,
          )}`}
        </p>
      </div>
      <PayInstallmentActions installment={installment} />
    </section>
  );
}

/**
 * An accepted quote's down payment (entrada): installment 0 of the contract the office made from the quote. Paid
 * like any installment (card in dollars, Pix in reais at the day's PTAX, locked on the charge); until the office
 * has made the contract there is nothing to pay yet, and the card says so.
 */
export function QuoteDownPayment({
  quoteId,
  contracts,
  installments,
}: {
  quoteId: string;
  contracts: { id: string; quote_id?: string | null }[];
  installments: Installment[];
}) {
  const contract = contracts.find((c) => c.quote_id === quoteId);
  if (!contract) {
    return (
      <p className="basis-full text-sm text-muted-foreground">
        Orçamento aceito. A entrada poderá ser paga aqui assim que o escritório emitir o contrato.
      </p>
    );
  }
  const entrada = installments.find((i) => i.contract_id === contract.id && i.number === 0);
  if (!entrada) return null;
  const open = Number(entrada.amount) - Number(entrada.paid_amount);
  return (
    <div className="grid basis-full gap-2" data-testid="quote-down-payment">
      <p className="text-sm">
        {isOpen(entrada)
          ? `Entrada: ${formatMoney(open.toFixed(2), entrada.currency)} em aberto (vencimento ${formatDate(
              entrada.due_date,
            )})`
          : entrada.status === 'paid'
            ? `Entrada de ${formatMoney(entrada.amount, entrada.currency)} paga. O recibo está em Pagamentos.`
            : `Entrada de ${formatMoney(entrada.amount, entrada.currency)}: cancelada.`}
      </p>
      <PayInstallmentActions installment={entrada} />
    </div>
  );
}
