import { CalendarClock, FileSignature, FileText, Receipt, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate } from '@/lib/format';
import { CardSkeletons, EmptyState, Field } from '@/components/portal-cards';
import { useAuth } from '@/lib/auth-context';
import { useClientFinance, useClientInstallments } from '../api/client-finance';
import { discountLabel } from '../lib/discount';
import { formatMoney, paymentMethodLabel } from '../lib/money';
import { MoneyStatusBadge } from '../components/money-status-badge';
import { DownloadButton, InstallmentsTable, QuoteAnswerButtons } from '../components/portal-finance-money';
import { PayInstallmentActions, PayLinkPanel, QuoteDownPayment } from '../components/online-payment';
import { SignatureStatusBadge, type SignatureStatus } from '../signing';
import { paths } from '@/config/paths';
import type { FinanceKind } from '@/lib/glossary';
import { portalFinanceStrings as t } from '../strings';
import type {
  FinancialContract as ContractRow,
  FinancialPayment as PaymentRow,
  FinancialQuote as QuoteRow,
} from '@/types/finance';

/** The finance rows with the money columns of the finance module (currency, receipt number). */
type Money = { currency: string };
type FinancialContract = ContractRow & Money & { signature_status?: SignatureStatus; quote_id?: string | null };
type FinancialPayment = PaymentRow & Money & { receipt_number?: string | null };
type FinancialQuote = QuoteRow & Money;

function StatusBadge({ status, kind }: { status: string; kind: FinanceKind }) {
  return <MoneyStatusBadge status={status} kind={kind} />;
}

function money(value: number | string, row: { currency: string }): string {
  return formatMoney(value, row.currency);
}

function orNotInformed(value: string | null | undefined): string {
  return value?.trim() ? value : t.notInformed;
}

type Detail =
  | { kind: 'contract'; row: FinancialContract }
  | { kind: 'payment'; row: FinancialPayment }
  | { kind: 'quote'; row: FinancialQuote };

function FinanceCard({
  title,
  subtitle,
  status,
  kind,
  children,
  onDetails,
  actions,
}: {
  title: string;
  subtitle?: string;
  status: string;
  kind: FinanceKind;
  children: ReactNode;
  onDetails: () => void;
  actions?: ReactNode;
}) {
  return (
    <Card data-testid="finance-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <CardTitle as="h2" className="break-words">
            {title}
          </CardTitle>
          {subtitle && <p className="text-xs text-muted-foreground">{subtitle}</p>}
        </div>
        <StatusBadge status={status} kind={kind} />
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">{children}</dl>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onDetails} aria-label={`${t.viewDetails}: ${title}`}>
            {t.viewDetails}
          </Button>
          {actions}
        </div>
      </CardContent>
    </Card>
  );
}

function DetailsDialog({
  detail,
  contracts,
  onClose,
}: {
  detail: Detail | null;
  contracts: FinancialContract[];
  onClose: () => void;
}) {
  let title = '';
  let body: ReactNode = null;
  if (detail?.kind === 'contract') {
    const c = detail.row;
    title = t.contractDetails;
    body = (
      <>
        <Field label={t.contractNumber}>{c.contract_number}</Field>
        <Field label={t.status}>
          <StatusBadge status={c.status} kind="contract" />
        </Field>
        <Field label={t.totalValue}>{money(c.total_amount, c)}</Field>
        <Field label={t.paymentTerms}>{orNotInformed(c.payment_terms)}</Field>
        <Field label={t.startDate}>{formatDate(c.start_date)}</Field>
        <Field label={t.endDate}>{formatDate(c.end_date)}</Field>
        <Field label={t.notes}>{orNotInformed(c.notes)}</Field>
      </>
    );
  } else if (detail?.kind === 'payment') {
    const p = detail.row;
    const contract = contracts.find((c) => c.id === p.contract_id);
    title = t.paymentDetails;
    body = (
      <>
        <Field label={t.date}>{formatDate(p.payment_date)}</Field>
        <Field label={t.status}>
          <StatusBadge status={p.status} kind="payment" />
        </Field>
        <Field label={t.value}>{money(p.amount, p)}</Field>
        <Field label={t.method}>{p.payment_method ? paymentMethodLabel(p.payment_method) : t.notInformed}</Field>
        <Field label={t.relatedContract}>
          {contract ? `${contract.title} (${contract.contract_number})` : t.notInformed}
        </Field>
        <Field label={t.notes}>{orNotInformed(p.notes)}</Field>
      </>
    );
  } else if (detail?.kind === 'quote') {
    const q = detail.row;
    title = t.quoteDetails;
    body = (
      <>
        <Field label={t.quoteNumber}>{q.quote_number}</Field>
        <Field label={t.status}>
          <StatusBadge status={q.status} kind="quote" />
        </Field>
        {Number(q.discount_amount ?? 0) > 0 && (
          <>
            <Field label={t.subtotal}>{money(q.subtotal_amount ?? 0, q)}</Field>
            <Field label={discountLabel(q.discount_percent)}>− {money(q.discount_amount ?? 0, q)}</Field>
          </>
        )}
        <Field label={t.totalValue}>{money(q.total_amount, q)}</Field>
        <Field label={t.expiry}>{formatDate(q.expiration_date)}</Field>
        <Field label={t.notes}>{orNotInformed(q.notes)}</Field>
      </>
    );
  }
  const name = detail?.kind === 'payment' ? money(detail.row.amount, detail.row) : detail ? detail.row.title : '';
  return (
    <Dialog open={detail !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{name}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 sm:grid-cols-2">{body}</dl>
      </DialogContent>
    </Dialog>
  );
}

function CountCard({
  icon: Icon,
  label,
  count,
  loading,
}: {
  icon: LucideIcon;
  label: string;
  count: number;
  loading: boolean;
}) {
  return (
    <Card className="flex-row items-center gap-4 px-5">
      <div className="rounded-lg bg-primary/10 p-3 text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-10" />
        ) : (
          <p className="text-2xl font-bold" data-testid={`count-${label}`}>
            {count}
          </p>
        )}
      </div>
    </Card>
  );
}

export default function PortalFinanceiroPage() {
  const clientId = useAuth().clientData?.id ?? '';
  const { data, isLoading } = useClientFinance(clientId);
  const [detail, setDetail] = useState<Detail | null>(null);
  const contracts: FinancialContract[] = data?.contracts ?? [];
  const payments: FinancialPayment[] = data?.payments ?? [];
  const quotes: FinancialQuote[] = data?.quotes ?? [];
  const installmentsQuery = useClientInstallments(clientId);
  const installments = installmentsQuery.data ?? [];
  const [search] = useSearchParams();
  const returned = search.get('pagamento');
  // a reminder's pay link: /cliente/financeiro?pagar=<installment id>
  const payLink = search.get('pagar');

  const list = (items: unknown[], empty: string, icon: LucideIcon, render: () => ReactNode) =>
    isLoading ? (
      <CardSkeletons />
    ) : items.length === 0 ? (
      <EmptyState icon={icon} title={empty} text="" />
    ) : (
      <div className="grid gap-4">{render()}</div>
    );

  return (
    <>
      <PageHeader title={t.financeTitle} description={t.financeDescription} />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <CountCard icon={FileSignature} label={t.contracts} count={contracts.length} loading={isLoading} />
        <CountCard icon={Receipt} label={t.payments} count={payments.length} loading={isLoading} />
        <CountCard icon={FileText} label={t.quotes} count={quotes.length} loading={isLoading} />
      </div>
      {returned === 'concluido' && (
        <p
          role="status"
          className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          Pagamento recebido. O recibo está em Pagamentos.
        </p>
      )}
      {returned === 'cancelado' && (
        <p role="status" className="mb-4 rounded-md border bg-muted p-3 text-sm">
          Pagamento não concluído. Você pode tentar novamente em Parcelas.
        </p>
      )}
      {payLink && (
        <PayLinkPanel
          installmentId={payLink}
          installments={installments}
          loading={!clientId || installmentsQuery.isLoading}
        />
      )}
      <Tabs
        defaultValue={
          returned === 'concluido' ? 'payments' : returned === 'cancelado' || payLink ? 'installments' : 'contracts'
        }
      >
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="contracts">{t.contracts}</TabsTrigger>
          <TabsTrigger value="payments">{t.payments}</TabsTrigger>
          <TabsTrigger value="quotes">{t.quotes}</TabsTrigger>
          <TabsTrigger value="installments">Parcelas</TabsTrigger>
        </TabsList>
        <TabsContent value="contracts">
          {list(contracts, t.emptyContracts, FileSignature, () =>
            contracts.map((c) => (
              <FinanceCard
                key={c.id}
                title={c.title}
                subtitle={`${t.contractNumber}: ${c.contract_number}`}
                status={c.status}
                kind="contract"
                onDetails={() => setDetail({ kind: 'contract', row: c })}
                actions={
                  <>
                    <DownloadButton
                      kind="contract"
                      id={c.id}
                      filename={`contrato-${c.contract_number}.pdf`}
                      label="Baixar contrato"
                    />
                    {c.signature_status && c.signature_status !== 'draft' && (
                      <Button asChild size="sm" variant={c.signature_status === 'sent' ? 'default' : 'outline'}>
                        <Link to={paths.portal.contrato(c.id)}>
                          {c.signature_status === 'sent' ? 'Ler e assinar' : 'Contrato assinado'}
                        </Link>
                      </Button>
                    )}
                  </>
                }
              >
                <Field label={t.totalValue}>{money(c.total_amount, c)}</Field>
                {c.signature_status && c.signature_status !== 'draft' && (
                  <Field label="Assinatura">
                    <SignatureStatusBadge status={c.signature_status} />
                  </Field>
                )}
                <Field label={t.validity}>
                  {formatDate(c.start_date)} – {formatDate(c.end_date)}
                </Field>
              </FinanceCard>
            )),
          )}
        </TabsContent>
        <TabsContent value="payments">
          {list(payments, t.emptyPayments, Receipt, () =>
            payments.map((p) => (
              <FinanceCard
                key={p.id}
                title={`${t.paymentTitle} ${money(p.amount, p)}`}
                status={p.status}
                kind="payment"
                onDetails={() => setDetail({ kind: 'payment', row: p })}
                actions={
                  p.status === 'paid' ? (
                    <DownloadButton
                      kind="receipt"
                      id={p.id}
                      filename={`recibo-${p.receipt_number ?? p.id.slice(0, 8)}.pdf`}
                      label="Baixar recibo"
                    />
                  ) : undefined
                }
              >
                <Field label={t.date}>{formatDate(p.payment_date)}</Field>
                <Field label={t.value}>{money(p.amount, p)}</Field>
                <Field label={t.method}>
                  {p.payment_method ? paymentMethodLabel(p.payment_method) : t.notInformed}
                </Field>
              </FinanceCard>
            )),
          )}
        </TabsContent>
        <TabsContent value="quotes">
          {list(quotes, t.emptyQuotes, FileText, () =>
            quotes.map((q) => (
              <FinanceCard
                key={q.id}
                title={q.title}
                subtitle={`${t.quoteNumber}: ${q.quote_number}`}
                status={q.status}
                kind="quote"
                onDetails={() => setDetail({ kind: 'quote', row: q })}
                actions={
                  q.status === 'draft' ? undefined : (
                    <>
                      <DownloadButton
                        kind="quote"
                        id={q.id}
                        filename={`orcamento-${q.quote_number}.pdf`}
                        label="Baixar orçamento"
                      />
                      {q.status === 'accepted' && (
                        <QuoteDownPayment quoteId={q.id} contracts={contracts} installments={installments} />
                      )}
                      {q.status === 'sent' && (
                        <QuoteAnswerButtons
                          quoteId={q.id}
                          clientId={clientId}
                          summary={`${q.title} (${money(q.total_amount, q)})`}
                        />
                      )}
                    </>
                  )
                }
              >
                <Field label={t.totalValue}>{money(q.total_amount, q)}</Field>
                <Field label={t.expiry}>{formatDate(q.expiration_date)}</Field>
              </FinanceCard>
            )),
          )}
        </TabsContent>
        <TabsContent value="installments">
          {list(installments, 'Nenhuma parcela encontrada.', CalendarClock, () => (
            <InstallmentsTable
              installments={installments}
              actions={(installment) => <PayInstallmentActions installment={installment} />}
            />
          ))}
        </TabsContent>
      </Tabs>
      <DetailsDialog detail={detail} contracts={contracts} onClose={() => setDetail(null)} />
    </>
  );
}
