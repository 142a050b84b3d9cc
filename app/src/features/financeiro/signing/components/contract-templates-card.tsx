/** Configurações > Modelos de contrato (administrators edit, other staff read) and the office's signing certificate. */
import { Copy, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useContractTemplates,
  useOfficeCertificate,
  useSaveTemplate,
  useTemplateActions,
  useUploadCertificate,
  type ContractTemplate,
} from '../api';

const VARIABLES =
  '{{cliente}}, {{cliente_email}}, {{familiares}}, {{tipo_caso}}, {{servicos}}, {{honorarios}}, {{parcelas}}, ' +
  '{{escritorio}}, {{advogado}}, {{data}}, {{contrato}}, {{clausulas}}';

function TemplateEditor({ template, canEdit }: { template: ContractTemplate; canEdit: boolean }) {
  const save = useSaveTemplate();
  const [name, setName] = useState(template.name);
  const [body, setBody] = useState(template.body);
  const dirty = name !== template.name || body !== template.body;
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { id: template.id, name, body },
          {
            onSuccess: () => toast.success('Modelo de contrato salvo'),
            onError: (error) => toast.error(`Erro ao salvar o modelo: ${error.message}`),
          },
        );
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`template-name-${template.id}`}>Nome do modelo</Label>
        <Input
          id={`template-name-${template.id}`}
          value={name}
          readOnly={!canEdit}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`template-body-${template.id}`}>Texto (linhas com "# " são títulos de seção)</Label>
        <Textarea
          id={`template-body-${template.id}`}
          rows={14}
          value={body}
          readOnly={!canEdit}
          onChange={(e) => setBody(e.target.value)}
          className="font-mono text-xs"
        />
      </div>
      {canEdit && (
        <div>
          <Button type="submit" size="sm" disabled={!dirty || save.isPending || !name.trim() || !body.trim()}>
            Salvar modelo
          </Button>
        </div>
      )}
    </form>
  );
}

function CertificateSection() {
  const certificate = useOfficeCertificate(true);
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const info = certificate.data;
  return (
    <div className="grid gap-3 border-t pt-4">
      <h3 className="font-semibold">Certificado de assinatura do escritório</h3>
      {info ? (
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline font-medium">Titular: </dt>
            <dd className="inline break-all">{info.subject}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Origem: </dt>
            <dd className="inline">
              {info.source === 'generated' ? 'Gerado pelo sistema (autoassinado)' : 'Enviado pelo escritório'}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Validade: </dt>
            <dd className="inline">
              {formatDate(info.notBefore)} a {formatDate(info.notAfter)}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">SHA-256: </dt>
            <dd className="inline break-all text-xs">{info.fingerprintSha256}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Carregando o certificado…</p>
      )}
      <form
        className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          const reader = new FileReader();
          reader.onload = () => {
            const base64 = String(reader.result).split(',')[1] ?? '';
            upload.mutate(
              { p12: base64, password },
              {
                onSuccess: () => toast.success('Certificado do escritório atualizado'),
                onError: (error) => toast.error(error.message),
              },
            );
          };
          reader.readAsDataURL(file);
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="p12-file">Arquivo PKCS#12 (.p12/.pfx)</Label>
          <Input id="p12-file" type="file" accept=".p12,.pfx" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="p12-password">Senha do certificado</Label>
          <Input
            id="p12-password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={!file || upload.isPending}>
          Enviar certificado
        </Button>
      </form>
    </div>
  );
}

function NewTemplateForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { add } = useTemplateActions();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<'pt' | 'en'>('pt');
  return (
    <form
      className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { name: name.trim(), language },
          {
            onSuccess: (created) => {
              toast.success('Modelo de contrato criado');
              setName('');
              onCreated(created.id);
            },
            onError: (error) => toast.error(`Erro ao criar o modelo: ${errorMessage(error)}`),
          },
        );
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="new-template-name">Nome do novo modelo</Label>
        <Input id="new-template-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new-template-language">Idioma</Label>
        <NativeSelect
          id="new-template-language"
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'en' ? 'en' : 'pt')}
        >
          <option value="pt">Português</option>
          <option value="en">Inglês</option>
        </NativeSelect>
      </div>
      <Button type="submit" size="sm" disabled={!name.trim() || add.isPending}>
        <Plus aria-hidden="true" />
        Adicionar modelo
      </Button>
    </form>
  );
}

function TemplateActions({ template, onGone }: { template: ContractTemplate; onGone: (id: string) => void }) {
  const { duplicate, remove } = useTemplateActions();
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={duplicate.isPending}
        onClick={() =>
          duplicate.mutate(template.id, {
            onSuccess: (copy) => {
              toast.success(`Modelo duplicado: ${copy.name}`);
              onGone(copy.id);
            },
            onError: (error) => toast.error(`Erro ao duplicar: ${errorMessage(error)}`),
          })
        }
      >
        <Copy aria-hidden="true" />
        Duplicar modelo
      </Button>
      {!template.is_default && template.active && (
        <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" />
          Remover modelo
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        pending={remove.isPending}
        confirmLabel="Remover"
        title={`Remover o modelo "${template.name}"?`}
        description="Se algum contrato já foi gerado deste modelo, ele é desativado (os contratos continuam com o texto que receberam) em vez de excluído."
        onConfirm={() =>
          remove.mutateAsync(template.id).then(
            (result) => {
              toast.success(result === 'deleted' ? 'Modelo excluído' : 'Modelo em uso: desativado');
              setAsking(false);
              onGone('');
            },
            (error: unknown) => toast.error(`Erro ao remover: ${errorMessage(error)}`),
          )
        }
      />
    </div>
  );
}

export function ContractTemplatesCard({ canEdit }: { canEdit: boolean }) {
  const templates = useContractTemplates();
  const [selected, setSelected] = useState<string | null>(null);
  const list = templates.data ?? [];
  const current = list.find((t) => t.id === selected) ?? list[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Modelos de contrato</CardTitle>
        <CardDescription>
          O contrato enviado para assinatura é gerado do modelo do idioma escolhido e do orçamento. Variáveis:{' '}
          {VARIABLES}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Modelos">
          {list.map((t) => (
            <Button
              key={t.id}
              type="button"
              size="sm"
              variant={t.id === current?.id ? 'default' : 'outline'}
              aria-pressed={t.id === current?.id}
              onClick={() => setSelected(t.id)}
            >
              {t.name} ({t.language === 'pt' ? 'Português' : 'Inglês'}){t.is_default ? ' · padrão' : ''}
              {t.active ? '' : ' · inativo'}
            </Button>
          ))}
        </div>
        {current && canEdit && <TemplateActions template={current} onGone={(id) => setSelected(id || null)} />}
        {current && <TemplateEditor key={current.id + current.updated_at} template={current} canEdit={canEdit} />}
        {canEdit && <NewTemplateForm onCreated={setSelected} />}
        {canEdit && <CertificateSection />}
      </CardContent>
    </Card>
  );
}
