/** /verificar-contrato (public): upload a signed contract's PDF and learn whether it is the one signed here. */
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDateTime } from '@/lib/format';
import { verifyContractPdf, type Verification } from '../api';

export default function VerificarContratoPage() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setPending(true);
    setError(null);
    setResult(null);
    try {
      setResult(await verifyContractPdf(file));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="mx-auto grid min-h-screen max-w-xl content-start gap-4 p-4 pt-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">Verificar contrato assinado</h1>
          <CardDescription>
            Envie o PDF de um contrato assinado pelo portal. Comparamos a impressão digital (SHA-256) do arquivo com a
            registrada na assinatura; o arquivo não é guardado.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-2">
              <Label htmlFor="contract-file">Arquivo PDF</Label>
              <Input
                id="contract-file"
                type="file"
                accept="application/pdf"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
            <div>
              <Button type="submit" disabled={!file || pending}>
                {pending ? 'Verificando…' : 'Verificar'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {result && (
        <Card role="status" data-testid="verification-result">
          <CardContent className="flex items-start gap-3 pt-6">
            {result.match ? (
              <ShieldCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <ShieldAlert className="size-6 shrink-0 text-destructive" aria-hidden="true" />
            )}
            <div className="grid gap-1 text-sm">
              {result.match ? (
                <>
                  <p className="font-semibold">Documento autêntico: confere com o contrato {result.contractNumber}.</p>
                  <p>
                    Assinado por {result.signedByName} em {formatDateTime(result.signedAt)}
                    {result.countersignedAt
                      ? `; contra-assinado pelo escritório em ${formatDateTime(result.countersignedAt)}.`
                      : ' (versão antes da contra-assinatura do escritório).'}
                  </p>
                </>
              ) : (
                <p className="font-semibold">
                  Este arquivo não confere com nenhum contrato assinado: ele pode ter sido alterado.
                </p>
              )}
              <p className="break-all text-xs text-muted-foreground">SHA-256: {result.sha256}</p>
            </div>
          </CardContent>
        </Card>
      )}
    </main>
  );
}
