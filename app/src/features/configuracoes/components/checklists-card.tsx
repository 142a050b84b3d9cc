/**
 * Document checklists per case type (public.document_checklists): what a new process of the type asks the client
 * for. Administrators add, edit and remove items; other staff read them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { DOCUMENT_KINDS, documentKindLabel } from '@/lib/documents';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export interface ChecklistItem {
  id: string;
  case_type_id: string;
  position: number;
  document_name: string;
  explanation: string | null;
  is_required: boolean;
  kind: string;
  needs_apostille: boolean;
  needs_translation: boolean;
}

type Draft = Omit<ChecklistItem, 'id' | 'case_type_id' | 'position'>;

const EMPTY: Draft = {
  document_name: '',
  explanation: '',
  is_required: true,
  kind: 'outro',
  needs_apostille: false,
  needs_translation: false,
};

const keys = { all: ['document-checklists'] as const };
readsTables(keys.all, ['document_checklists']);

function useCaseTypes() {
  return useQuery({
    queryKey: ['case-types', 'all'],
    queryFn: async () => {
      const { data } = await supabase
        .from('case_types')
        .select('id, label, category, is_active, sort_order')
        .order('sort_order')
        .throwOnError();
      return (data ?? []) as { id: string; label: string }[];
    },
    meta: { silent: true },
  });
}

function ItemForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  submitLabel: string;
  busy: boolean;
  onSubmit: (draft: Draft) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const valid = draft.document_name.trim().length >= 2;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onSubmit({ ...draft, document_name: draft.document_name.trim(), explanation: draft.explanation?.trim() || null });
  };
  return (
    <form className="grid gap-2 rounded-md border p-3" onSubmit={submit} aria-label={submitLabel}>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`}>Documento</Label>
          <Input
            id={`${id}-name`}
            value={draft.document_name}
            onChange={(e) => set('document_name', e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-kind`}>Tipo</Label>
          <NativeSelect id={`${id}-kind`} value={draft.kind} onChange={(e) => set('kind', e.target.value)}>
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {documentKindLabel(kind)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-explanation`}>Explicação para o cliente</Label>
        <Textarea
          id={`${id}-explanation`}
          rows={2}
          value={draft.explanation ?? ''}
          onChange={(e) => set('explanation', e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {(
          [
            ['is_required', 'Obrigatório'],
            ['needs_apostille', 'Exige apostila de Haia'],
            ['needs_translation', 'Exige tradução certificada'],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="flex items-center gap-2">
            <Checkbox id={`${id}-${key}`} checked={draft[key]} onCheckedChange={(value) => set(key, value === true)} />
            <Label htmlFor={`${id}-${key}`} className="font-normal">
              {label}
            </Label>
          </div>
        ))}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!valid || busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}

export function ChecklistsCard({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const caseTypes = useCaseTypes();
  const [caseType, setCaseType] = useState('ajuste_casamento');
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ChecklistItem | null>(null);
  const selectId = useId();
  const items = useQuery({
    queryKey: [...keys.all, caseType],
    queryFn: async () => {
      const { data } = await supabase
        .from('document_checklists')
        .select('*')
        .eq('case_type_id', caseType)
        .order('position')
        .order('document_name')
        .throwOnError();
      return (data ?? []) as ChecklistItem[];
    },
  });
  const write = useMutation({
    mutationFn: async (change: { insert?: Draft; update?: { id: string; draft: Draft }; remove?: string }) => {
      if (change.insert) {
        const last = Math.max(0, ...(items.data ?? []).map((i) => i.position));
        await supabase
          .from('document_checklists')
          .insert({ ...change.insert, case_type_id: caseType, position: last + 10 })
          .throwOnError();
      }
      if (change.update)
        await supabase
          .from('document_checklists')
          .update(change.update.draft)
          .eq('id', change.update.id)
          .throwOnError();
      if (change.remove) await supabase.from('document_checklists').delete().eq('id', change.remove).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['document_checklists']),
    onError: (error) => toast.error(`Erro ao salvar a lista de documentos: ${errorMessage(error)}`),
  });
  const [formKey, setFormKey] = useState(0);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Documentos por tipo de caso</CardTitle>
        <CardDescription>
          Ao criar um processo, o cliente recebe a lista de documentos do tipo de caso, com a explicação de cada um.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid gap-1 sm:max-w-md">
          <Label htmlFor={selectId}>Tipo de caso</Label>
          <NativeSelect id={selectId} value={caseType} onChange={(e) => setCaseType(e.target.value)}>
            {(caseTypes.data ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {items.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum documento na lista deste tipo de caso.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Lista de documentos">
            {items.data?.map((item) =>
              editing === item.id ? (
                <li key={item.id}>
                  <ItemForm
                    initial={item}
                    submitLabel="Salvar documento"
                    busy={write.isPending}
                    onCancel={() => setEditing(null)}
                    onSubmit={(draft) =>
                      write.mutate(
                        { update: { id: item.id, draft } },
                        {
                          onSuccess: () => {
                            setEditing(null);
                            toast.success('Documento da lista atualizado');
                          },
                        },
                      )
                    }
                  />
                </li>
              ) : (
                <li
                  key={item.id}
                  className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-3"
                  aria-label={item.document_name}
                >
                  <div className="min-w-0">
                    <p className="font-medium">{item.document_name}</p>
                    {item.explanation && <p className="text-sm text-muted-foreground">{item.explanation}</p>}
                    <div className="mt-1 flex flex-wrap gap-1">
                      <Badge variant="secondary">{documentKindLabel(item.kind)}</Badge>
                      {item.is_required && <Badge variant="outline">Obrigatório</Badge>}
                      {item.needs_apostille && <Badge variant="outline">Apostila de Haia</Badge>}
                      {item.needs_translation && <Badge variant="outline">Tradução certificada</Badge>}
                    </div>
                  </div>
                  {canEdit && (
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(item.id)}
                        aria-label={`Editar ${item.document_name}`}
                      >
                        <Pencil aria-hidden="true" />
                        Editar
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive"
                        onClick={() => setRemoving(item)}
                        aria-label={`Remover ${item.document_name}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Remover
                      </Button>
                    </div>
                  )}
                </li>
              ),
            )}
          </ol>
        )}
        {canEdit && (
          <ItemForm
            key={`${caseType}-${formKey}`}
            initial={EMPTY}
            submitLabel="Adicionar documento"
            busy={write.isPending}
            onSubmit={(draft) =>
              write.mutate(
                { insert: draft },
                {
                  onSuccess: () => {
                    setFormKey((k) => k + 1);
                    toast.success('Documento adicionado à lista');
                  },
                },
              )
            }
          />
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover documento da lista?"
        description={`"${removing?.document_name ?? ''}" não será mais pedido nos novos processos deste tipo de caso. Os pedidos já feitos continuam.`}
        confirmLabel="Remover"
        pending={write.isPending}
        onConfirm={() =>
          removing &&
          write.mutateAsync({ remove: removing.id }).then(
            () => toast.success('Documento removido da lista'),
            () => undefined, // the mutation's onError told the user
          )
        }
      />
    </Card>
  );
}
