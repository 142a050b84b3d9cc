/** Integrações > Pagamentos online: the Stripe account (card, USD), the office's Pix key (BRL), the fees, and the
 * reconciliation of what Stripe charged and paid out against the payments recorded. Administrators only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, Save, Scale } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { invalidateTables } from '@/lib/data-keys';
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { formatMoney } from '@/lib/format';
import { integrationKeys } from '../api/keys';
import { fetchSetting, saveSetting } from '../api/system-settings';

type Values = Record<string, string>;

const SECTIONS: {
  key: string;
  title: string;
  fields: { name: string; label: string; secret?: boolean; placeholder?: string; required?: boolean }[];
}[] = [
  {
    key: 'stripe',
    title: 'Stripe (cartão, em dólares)',
    fields: [
      { name: 'secretKey', label: 'Chave secreta', secret: true, required: true, placeholder: 'sk_live_…' },
      { name: 'webhookSecret', label: 'Segredo do webhook', secret: true, required: true, placeholder: 'whsec_…' },
      {
        name: 'apiBaseUrl',
        label: 'Endereço da API (somente para testes locais)',
        placeholder: 'https://api.stripe.com',
      },
    ],
  },
  {
    key: 'pix',
    title: 'Pix (em reais)',
    fields: [
      { name: 'key', label: 'Chave Pix', required: true },
      { name: 'merchantName', label: 'Nome do recebedor', required: true },
      { name: 'merchantCity', label: 'Cidade do recebedor', required: true },
    ],
  },
  {
    key: 'payment_fees',
    title: 'Taxas cobradas do cliente',
    fields: [
      { name: 'cardSurchargePercent', label: 'Acréscimo no cartão (%)', placeholder: '0' },
      { name: 'pixFeePercent', label: 'Taxa do Pix (%)', placeholder: '0' },
    ],
  },
];

function SettingForm({ section }: { section: (typeof SECTIONS)[number] }) {
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: [...integrationKeys.all, 'setting', section.key],
    queryFn: () => fetchSetting<Values>(section.key),
  });
  const [edits, setEdits] = useState<Values>({});
  const save = useMutation({
    mutationFn: (value: Values) => saveSetting(section.key, value),
    onSuccess: () => invalidateTables(queryClient, ['system_settings']),
  });
  const current = (name: string) => edits[name] ?? (stored.data?.[name] as string | undefined) ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value: Values = {};
    for (const field of section.fields) {
      const text = current(field.name).trim();
      if (text) value[field.name] = text;
    }
    if (section.fields.some((field) => field.required && !value[field.name])) {
      toast.error('Todos os campos são obrigatórios');
      return;
    }
    save.mutate(value, {
      onSuccess: () => {
        setEdits({});
        toast.success(`${section.title}: configuração salva`);
      },
      onError: (error) => toast.error(errorMessage(error, 'Falha ao salvar a configuração')),
    });
  };

  return (
    <form className="grid content-start gap-3" noValidate onSubmit={onSubmit} aria-label={section.title}>
      <h3 className="flex items-center gap-2 font-medium">
        {section.title}
        {stored.data && section.key !== 'payment_fees' && <Badge variant="success">Configurado</Badge>}
      </h3>
      {section.fields.map((field) => (
        <FormField key={field.name} label={field.label}>
          <Input
            type={field.secret ? 'password' : 'text'}
            autoComplete={field.secret ? 'new-password' : 'off'}
            spellCheck={false}
            placeholder={field.placeholder}
            value={current(field.name)}
            onChange={(event) => setEdits((prev) => ({ ...prev, [field.name]: event.target.value }))}
          />
        </FormField>
      ))}
      <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending || stored.isPending}>
        <Save aria-hidden="true" />
        Salvar
      </Button>
    </form>
  );
}

interface Reconciliation {
  charges: {
    id: string;
    amount: string;
    refunded: string;
    status: string;
    recorded: { receiptNumber: string } | null;
  }[];
  unmatchedPayments: { receipt_number: string; amount: string }[];
  payouts: { id: string; amount: string; recordedTotal: string }[];
  totals: { stripe: string; recorded: string };
}

const RECONCILIATION_STATUS: Record<string, string> = {
  ok: 'Conciliado',
  not_recorded: 'Não registrado',
  amount_differs: 'Valor diferente',
  refund_differs: 'Reembolso diferente',
};

function ReconciliationReport() {
  const [report, setReport] = useState<Reconciliation | null>(null);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    try {
      const { data, error } = await supabase.functions.invoke<Reconciliation>('payments-reconciliation', {
        method: 'GET',
      });
      if (error) throw error;
      setReport(data);
    } catch (error) {
      toast.error('Não foi possível gerar a conciliação', { description: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  };
  let body: ReactNode = null;
  if (report) {
    const pending = report.charges.filter((c) => c.status !== 'ok');
    body = (
      <div className="grid gap-3 overflow-x-auto">
        <p className="text-sm">
          {`No Stripe: ${formatMoney(report.totals.stripe, 'USD')} · Registrado: ${formatMoney(
            report.totals.recorded,
            'USD',
          )} · ${report.payouts.length} repasse(s)`}
        </p>
        <Table aria-label="Conciliação Stripe">
          <TableHeader>
            <TableRow>
              <TableHead>Cobrança</TableHead>
              <TableHead className="text-right">Valor</TableHead>
              <TableHead className="text-right">Reembolsado</TableHead>
              <TableHead>Recibo</TableHead>
              <TableHead>Situação</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.charges.map((charge) => (
              <TableRow key={charge.id}>
                <TableCell className="font-mono text-xs">{charge.id}</TableCell>
                <TableCell className="text-right">{formatMoney(charge.amount, 'USD')}</TableCell>
                <TableCell className="text-right">{formatMoney(charge.refunded, 'USD')}</TableCell>
                <TableCell>{charge.recorded?.receiptNumber ?? '-'}</TableCell>
                <TableCell>{RECONCILIATION_STATUS[charge.status] ?? charge.status}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="text-sm text-muted-foreground">
          {`${pending.length} cobrança(s) sem correspondência; ${report.unmatchedPayments.length} pagamento(s) registrados que o Stripe não conhece.`}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void load()} disabled={loading}>
        <Scale aria-hidden="true" />
        Conciliar com o Stripe
      </Button>
      {body}
    </div>
  );
}

export function PaymentsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CreditCard className="size-5" aria-hidden="true" />
          Pagamentos online
        </CardTitle>
        <CardDescription>
          Os clientes pagam as parcelas no portal: cartão em dólares pelo Stripe ou Pix em reais (cotação PTAX do dia).
          As chaves ficam criptografadas e nunca são exibidas por inteiro.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          {SECTIONS.map((section) => (
            <SettingForm key={section.key} section={section} />
          ))}
        </div>
        <ReconciliationReport />
      </CardContent>
    </Card>
  );
}
