/** /cliente/contratos/:contractId: the client reads the whole contract, consents, types its name, draws and signs. */
import { FileDown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  downloadSigningDocument,
  useConsentText,
  useSigningContract,
  useSigningMutation,
  type SigningContract,
} from '../api';
import { SignaturePadField } from '../components/signature-pad-field';
import { SignatureStatusBadge } from '../components/signature-status-badge';

/** The document's text as the PDF lays it out: "# " lines are section titles. */
function DocumentText({ text }: { text: string }) {
  return (
    <article
      aria-label="Texto completo do contrato"
      className="grid max-h-[60vh] gap-2 overflow-y-auto rounded-md border bg-muted/30 p-4 text-sm leading-relaxed"
      tabIndex={0}
    >
      {text.split('\n').map((line, index) =>
        line.startsWith('# ') ? (
          <h2 key={index} className="mt-2 font-semibold">
            {line.slice(2)}
          </h2>
        ) : line.trim() ? (
          <p key={index} className="break-words">
            {line}
          </p>
        ) : null,
      )}
    </article>
  );
}

function download(contract: SigningContract) {
  downloadSigningDocument(contract.id, `contrato-${contract.contract_number}.pdf`).catch((e: Error) =>
    toast.error(e.message),
  );
}

function SigningForm({ contract }: { contract: SigningContract }) {
  const consent = useConsentText();
  const requestCode = useSigningMutation<{ sentTo: string[]; expiresAt: string }>();
  const sign = useSigningMutation<{ status: string }>();
  const [agreed, setAgreed] = useState(false);
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<string | null>(null);

  const ready = agreed && name.trim().length > 0 && signature !== null && /^\d{6}$/.test(code) && consent.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    sign.mutate(
      {
        action: 'sign',
        contractId: contract.id,
        code,
        typedName: name,
        signature,
        consent: agreed,
        consentText: consent.data,
        documentSha256: contract.document_sha256,
      },
      {
        onSuccess: () => toast.success('Contrato assinado. O escritório fará a contra-assinatura.'),
        onError: (e) => toast.error(e.message),
      },
    );
  };

  return (
    <form className="grid gap-5" onSubmit={submit} aria-label="Assinar contrato">
      <div className="flex items-start gap-3">
        <Checkbox
          id="consent"
          checked={agreed}
          onCheckedChange={(value) => setAgreed(value === true)}
          disabled={!consent.data}
        />
        <Label htmlFor="consent" className="text-sm leading-snug font-normal">
          {consent.data ?? 'Carregando o termo de consentimento…'}
        </Label>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="typed-name">Nome completo</Label>
        <Input
          id="typed-name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Digite o seu nome completo"
        />
      </div>
      <div className="grid gap-2">
        <Label>Assinatura</Label>
        <SignaturePadField onChange={setSignature} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="code">Código de confirmação</Label>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={requestCode.isPending}
            onClick={() =>
              requestCode.mutate(
                { action: 'request-code', contractId: contract.id },
                {
                  onSuccess: (answer) => {
                    const where = answer.sentTo.includes('whatsapp') ? 'e-mail e WhatsApp' : 'e-mail';
                    setCodeSent(`Código enviado por ${where}. Ele vale por 10 minutos.`);
                  },
                  onError: (e) => toast.error(e.message),
                },
              )
            }
          >
            {codeSent ? 'Enviar novo código' : 'Enviar código'}
          </Button>
          <Input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="w-36"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            placeholder="000000"
          />
        </div>
        {codeSent && (
          <p className="text-sm text-muted-foreground" role="status">
            {codeSent}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={!ready || sign.isPending}>
          {sign.isPending ? 'Assinando…' : 'Assinar contrato'}
        </Button>
      </div>
    </form>
  );
}

export default function PortalContratoPage() {
  const { contractId = '' } = useParams();
  const { data: contract, isLoading } = useSigningContract(contractId);
  if (isLoading) return <Skeleton className="h-80 w-full" />;
  if (!contract || contract.signature_status === 'draft') {
    return (
      <Card>
        <CardContent className="py-8 text-sm text-muted-foreground">
          Contrato não encontrado. <Link to={paths.portal.financeiro}>Voltar ao financeiro</Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <PageHeader
        title={`Contrato ${contract.contract_number}`}
        description={contract.title}
        actions={
          <Button variant="outline" size="sm" onClick={() => download(contract)}>
            <FileDown aria-hidden="true" />
            Baixar PDF
          </Button>
        }
      />
      <div className="grid gap-4">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle as="h2">Documento</CardTitle>
            <SignatureStatusBadge status={contract.signature_status} />
          </CardHeader>
          <CardContent className="grid gap-3">
            <DocumentText text={contract.document_text ?? ''} />
            <p className="text-xs break-all text-muted-foreground">SHA-256 do documento: {contract.document_sha256}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Assinatura</CardTitle>
          </CardHeader>
          <CardContent>
            {contract.signature_status === 'sent' ? (
              <SigningForm contract={contract} />
            ) : (
              <p className="text-sm" role="status">
                Assinado por {contract.signed_by_name} em {formatDateTime(contract.signed_at)}
                {contract.countersigned_at
                  ? `; contra-assinado por ${contract.countersigned_by_name} em ${formatDateTime(contract.countersigned_at)}.`
                  : '. Aguardando a contra-assinatura do escritório.'}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
