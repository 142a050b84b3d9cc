/** /clientes/:clientId: one client — summary, family, processes, documents, messages, finance, interactions, timeline. */
import { ArrowLeft, CheckSquare, Link2, MessageSquare, Pencil, Plus, Unlink } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { hasAnyRole } from '@/lib/roles';
import { ClientPicker } from '@/components/client-picker';
import { ProcessStatusBadge, StageBadge } from '@/components/process-badges';
import { useStaffOptions } from '@/lib/people';
import { useTimeline } from '@/lib/timeline';
import { Timeline } from '@/components/timeline';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import {
  FINANCE_KIND_LABELS,
  financeStatusLabel,
  interactionStatusLabel,
  interactionTypeLabel,
  RELATIONSHIPS,
  relationshipLabel,
} from '@/lib/glossary';
import {
  useClientDetail,
  useClientFinanceRows,
  useClientInteractions,
  useClientProcessList,
  useFamily,
  useSetPrincipal,
  useUnreadCounts,
  type ClientDetail,
  type FamilyMember,
} from '../api/detail';
import { ClientRecordDialog } from '../components/client-record-dialog';
import { ClientRecordHistory } from '../components/client-record-history';
import { clientMessagesPath } from '../components/client-views';
import { clientesStrings } from '../strings';

function LinkDependant({ client, family }: { client: ClientDetail; family: FamilyMember[] }) {
  const setPrincipal = useSetPrincipal();
  const [dependantId, setDependantId] = useState('');
  const [relationship, setRelationship] = useState('');
  const clientField = useId();
  const relationField = useId();
  const inFamily = useMemo(() => [client.id, ...family.map((m) => m.id)], [client.id, family]);

  const link = () =>
    setPrincipal.mutate(
      { clientId: dependantId, principalId: client.id, relationship },
      {
        onSuccess: () => {
          toast.success('Dependente vinculado');
          setDependantId('');
          setRelationship('');
        },
        onError: (error) => toast.error(`Erro ao vincular dependente: ${errorMessage(error)}`),
      },
    );

  // Side by side only when the card itself is wide enough (a container query, not the screen's width): in the
  // client page's narrow column the fields stack, so their labels never run into each other.
  return (
    <div className="@container">
      <div className="grid gap-3 rounded-md border p-3 @md:grid-cols-[minmax(0,1fr)_10rem_auto] @md:items-end">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={clientField}>Dependente</Label>
          <ClientPicker
            id={clientField}
            emptyLabel="Selecione o cliente"
            value={dependantId}
            onValueChange={setDependantId}
            exclude={inFamily}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={relationField}>Parentesco</Label>
          <Select value={relationship} onValueChange={setRelationship}>
            <SelectTrigger id={relationField} className="w-full">
              <SelectValue placeholder="Selecione" />
            </SelectTrigger>
            <SelectContent>
              {RELATIONSHIPS.map((r) => (
                <SelectItem key={r} value={r}>
                  {relationshipLabel(r)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="button" disabled={!dependantId || !relationship || setPrincipal.isPending} onClick={link}>
          <Link2 aria-hidden="true" />
          Vincular
        </Button>
      </div>
    </div>
  );
}

function FamilyCard({ client, family }: { client: ClientDetail; family: FamilyMember[] }) {
  const setPrincipal = useSetPrincipal();
  const isDependant = client.principal_client_id !== null;
  const unlink = (member: FamilyMember) =>
    setPrincipal.mutate(
      { clientId: member.id, principalId: null, relationship: null },
      {
        onSuccess: () => toast.success('Vínculo removido'),
        onError: (error) => toast.error(`Erro ao remover vínculo: ${errorMessage(error)}`),
      },
    );
  const others = family.filter((m) => m.id !== client.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Família</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {others.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum familiar vinculado.</p>
        ) : (
          <ul className="grid gap-2">
            {others.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2">
                <Link to={paths.cliente(member.id)} className="min-w-0 break-words text-primary hover:underline">
                  {member.full_name}
                </Link>
                <span className="flex items-center gap-2">
                  <Badge variant="outline">
                    {member.principal_client_id ? relationshipLabel(member.relationship) : 'Titular'}
                  </Badge>
                  {!isDependant && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => unlink(member)}
                      aria-label={`Desvincular ${member.full_name}`}
                    >
                      <Unlink aria-hidden="true" />
                      Desvincular
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {isDependant ? (
          <p className="text-sm text-muted-foreground">
            {relationshipLabel(client.relationship)} do titular.{' '}
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => unlink({ ...client, principal_client_id: client.principal_client_id })}
            >
              Desvincular do titular
            </Button>
          </p>
        ) : (
          <LinkDependant client={client} family={family} />
        )}
      </CardContent>
    </Card>
  );
}

/** What the route composing this page gives it from other features (Processos, Tarefas). */
export interface ClientePageParts {
  /** the client's documents and requests */
  documents: (clientId: string) => ReactNode;
  /** Nova Tarefa for this client */
  taskDialog: (props: DialogPart) => ReactNode;
  /** Novo Processo for this client */
  processDialog: (props: DialogPart) => ReactNode;
}

export interface DialogPart {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clientId: string;
}

export default function ClientePage({ documents, taskDialog, processDialog }: ClientePageParts) {
  const clientId = useParams<{ clientId: string }>().clientId ?? '';
  const { data: client, isPending } = useClientDetail(clientId);
  const { data: family = [] } = useFamily(client);
  const familyIds = useMemo(
    () => (family.length > 0 ? family.map((m) => m.id) : clientId ? [clientId] : []),
    [family, clientId],
  );
  const { data: processes = [] } = useClientProcessList(familyIds);
  // the client's finance is for administrators and legal assistants (the database shows others nothing)
  const { roles } = useAuth();
  const seesFinance = hasAnyRole(roles, ['administrator', 'legal_assistant']);
  const { data: finance = [] } = useClientFinanceRows(clientId, seesFinance);
  const { data: interactions = [] } = useClientInteractions(clientId);
  const { data: unread = {} } = useUnreadCounts(clientId ? [clientId] : []);
  const { data: staff = [] } = useStaffOptions();
  const [wholeFamily, setWholeFamily] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState(false);
  const [taskOpen, setTaskOpen] = useState(false);
  const timeline = useTimeline({ clientId, family: wholeFamily }, Boolean(clientId));
  const names = useMemo(() => Object.fromEntries(staff.map((s) => [s.id, s.name])), [staff]);
  const clientNames = useMemo(() => Object.fromEntries(family.map((m) => [m.id, m.full_name])), [family]);
  const familyToggle = useId();

  const back = (
    <Button variant="outline" size="sm" asChild>
      <Link to={paths.clientes}>
        <ArrowLeft aria-hidden="true" />
        Clientes
      </Link>
    </Button>
  );

  if (isPending) return <Skeleton className="h-64" />;
  if (!client) {
    return (
      <>
        <PageHeader title="Cliente não encontrado" actions={back} />
        <Card>
          <CardContent>O cliente não existe ou você não tem acesso a ele.</CardContent>
        </Card>
      </>
    );
  }

  const unreadCount = unread[client.id] ?? 0;

  return (
    <>
      <PageHeader
        title={client.full_name}
        description={client.email}
        actions={
          <div className="flex flex-wrap gap-2">
            {back}
            <Button variant="outline" size="sm" asChild>
              <Link to={clientMessagesPath(client.id)}>
                <MessageSquare aria-hidden="true" />
                Mensagens
                {unreadCount > 0 && <Badge variant="destructive">{unreadCount}</Badge>}
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {clientesStrings.record.edit}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setTaskOpen(true)}>
              <CheckSquare aria-hidden="true" />
              Nova Tarefa
            </Button>
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Novo Processo
            </Button>
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Resumo</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">Telefone</dt>
                  <dd>{client.phone || 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Endereço</dt>
                  <dd>{client.address || 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Número A</dt>
                  <dd className="font-mono">{client.a_number || 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Data de nascimento</dt>
                  <dd>{client.date_of_birth ? formatDate(client.date_of_birth) : 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Nacionalidade</dt>
                  <dd>{client.nationality || 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Passaporte</dt>
                  <dd>
                    {client.passport_number || 'Não informado'}
                    {client.passport_expires_on && ` · vence em ${formatDate(client.passport_expires_on)}`}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">EAD vence em</dt>
                  <dd>{client.ead_expires_on ? formatDate(client.ead_expires_on) : 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Cliente desde</dt>
                  <dd>{formatDate(client.created_at)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Acesso ao portal</dt>
                  <dd>{client.user_id ? 'Ativo' : 'Sem acesso'}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          <FamilyCard client={client} family={family} />
        </div>
        <Tabs defaultValue="processos" className="min-w-0">
          <TabsList className="flex-wrap">
            <TabsTrigger value="processos">Processos</TabsTrigger>
            <TabsTrigger value="documentos">Documentos</TabsTrigger>
            {seesFinance && <TabsTrigger value="financeiro">Financeiro</TabsTrigger>}
            <TabsTrigger value="atendimentos">Atendimentos</TabsTrigger>
            <TabsTrigger value="timeline">Linha do tempo</TabsTrigger>
            <TabsTrigger value="cadastro">{clientesStrings.record.historyTab}</TabsTrigger>
          </TabsList>
          <TabsContent value="processos">
            <Card className="py-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Processo</TableHead>
                    <TableHead>Titular</TableHead>
                    <TableHead>Estágio</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Próxima Data</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {processes.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
                        Nenhum processo.
                      </TableCell>
                    </TableRow>
                  )}
                  {processes.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell>
                        <Link to={paths.processo(p.id)} className="font-medium text-primary hover:underline">
                          nº {p.id} · {p.type}
                        </Link>
                        {p.receipt_number && (
                          <p className="font-mono text-xs text-muted-foreground">{p.receipt_number}</p>
                        )}
                      </TableCell>
                      <TableCell>{(p.client_id && clientNames[p.client_id]) || client.full_name}</TableCell>
                      <TableCell>
                        <StageBadge stage={p.stage} />
                      </TableCell>
                      <TableCell>
                        <ProcessStatusBadge status={p.status} />
                      </TableCell>
                      <TableCell>{formatDate(p.next_date)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          </TabsContent>
          <TabsContent value="documentos">
            <Card>
              <CardContent>{documents(client.id)}</CardContent>
            </Card>
          </TabsContent>
          {seesFinance && (
            <TabsContent value="financeiro">
              <Card className="py-0">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Tipo</TableHead>
                      <TableHead>Descrição</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead>Valor</TableHead>
                      <TableHead>Data</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {finance.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
                          Nenhum registro financeiro disponível.
                        </TableCell>
                      </TableRow>
                    )}
                    {finance.map((f) => (
                      <TableRow key={`${f.kind}-${f.id}`}>
                        <TableCell>{FINANCE_KIND_LABELS[f.kind]}</TableCell>
                        <TableCell>{f.title}</TableCell>
                        <TableCell>{financeStatusLabel(f.status, f.kind)}</TableCell>
                        <TableCell className="whitespace-nowrap">{formatMoney(f.amount, f.currency)}</TableCell>
                        <TableCell>{formatDate(f.date)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Card>
            </TabsContent>
          )}
          <TabsContent value="atendimentos">
            <Card>
              <CardContent>
                {interactions.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhuma interação encontrada.</p>
                ) : (
                  <ul className="grid gap-3">
                    {interactions.map((i) => (
                      <li key={i.id} className="rounded-md border p-3">
                        <p className="text-sm font-medium">
                          {interactionTypeLabel(i.type)} · {formatDateTime(i.contact_date)} ·{' '}
                          {interactionStatusLabel(i.status)}
                        </p>
                        <p className="text-sm text-muted-foreground">{i.content}</p>
                        {i.created_by_name && (
                          <p className="text-xs text-muted-foreground">Registrado por {i.created_by_name}</p>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="timeline">
            <Card>
              <CardContent className="grid gap-3">
                {family.length > 1 && (
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id={familyToggle}
                      checked={wholeFamily}
                      onCheckedChange={(v) => setWholeFamily(v === true)}
                    />
                    <Label htmlFor={familyToggle}>Mostrar a família inteira</Label>
                  </div>
                )}
                <Timeline
                  entries={timeline.data ?? []}
                  isLoading={timeline.isLoading}
                  names={names}
                  clientNames={wholeFamily ? clientNames : undefined}
                  processHref={paths.processo}
                />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="cadastro">
            <Card>
              <CardContent>
                <ClientRecordHistory clientId={client.id} names={names} />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>
      <ClientRecordDialog client={client} open={editing} onOpenChange={setEditing} />
      {taskDialog({ open: taskOpen, onOpenChange: setTaskOpen, clientId: client.id })}
      {processDialog({ open: creating, onOpenChange: setCreating, clientId: client.id })}
    </>
  );
}
