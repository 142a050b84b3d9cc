/** The case-type catalogue (public.case_types): administrators add types and switch them on or off. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { stripAccents } from '@/lib/text';
import { configuracoesStrings as t } from '../strings';
import { fill } from '@/lib/strings';

interface CaseType {
  id: string;
  label: string;
  category: string;
  is_active: boolean;
  sort_order: number;
  /** The packet "Preencher pacote" fills, in order: 'I-130, I-485, G-28'. */
  forms?: string | null;
}

const keys = { all: ['case-types'] as const, list: ['case-types', 'all'] as const };
readsTables(keys.all, ['case_types']);
const CATEGORIES = ['USCIS', 'EOIR', 'ICE', 'Consulado'];

/** 'Visto de Investidor (EB-5)' -> 'visto_de_investidor_eb_5' (the catalogue's id rule). */
export function caseTypeId(label: string): string {
  return stripAccents(label)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export function CaseTypesCard({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: keys.list,
    queryFn: async () => {
      const { data } = await supabase
        .from('case_types')
        .select('id, label, category, is_active, sort_order, forms')
        .order('sort_order')
        .throwOnError();
      return (data ?? []) as CaseType[];
    },
    meta: { silent: true },
  });
  const write = useMutation({
    mutationFn: async (change: {
      insert?: Omit<CaseType, 'is_active'>;
      toggle?: CaseType;
      forms?: { type: CaseType; forms: string };
    }) => {
      if (change.forms)
        await supabase
          .from('case_types')
          .update({ forms: change.forms.forms.trim() || null })
          .eq('id', change.forms.type.id)
          .throwOnError();
      if (change.insert) await supabase.from('case_types').insert(change.insert).throwOnError();
      if (change.toggle)
        await supabase
          .from('case_types')
          .update({ is_active: !change.toggle.is_active })
          .eq('id', change.toggle.id)
          .throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['case_types']),
    onError: (error) => toast.error(fill(t.saveError, { message: errorMessage(error) })),
  });
  const [label, setLabel] = useState('');
  const [category, setCategory] = useState('USCIS');

  function add() {
    const id = caseTypeId(label);
    if (label.trim().length < 2 || !id) return;
    const last = Math.max(0, ...(types.data ?? []).filter((c) => c.sort_order < 999).map((c) => c.sort_order));
    write.mutate(
      { insert: { id, label: label.trim(), category, sort_order: last + 10 } },
      { onSuccess: () => setLabel('') },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.caseTypes}</CardTitle>
        <CardDescription>{t.caseTypesHint}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto text-sm">
          {types.data?.map((type) => (
            <li key={type.id} className="flex items-center gap-2">
              <Checkbox
                aria-label={`${t.caseTypeActive}: ${type.label}`}
                checked={type.is_active}
                disabled={!canEdit || write.isPending}
                onCheckedChange={() => write.mutate({ toggle: type })}
              />
              <span className={type.is_active ? '' : 'text-muted-foreground line-through'}>{type.label}</span>
              <span className="text-xs text-muted-foreground">{type.category}</span>
              {canEdit ? (
                <Input
                  key={`${type.id}-${type.forms ?? ''}`}
                  aria-label={`${t.caseTypeForms}: ${type.label}`}
                  placeholder={t.caseTypeFormsPlaceholder}
                  className="ml-auto h-8 w-64 text-xs"
                  defaultValue={type.forms ?? ''}
                  onBlur={(event) => {
                    if (event.target.value.trim() !== (type.forms ?? ''))
                      write.mutate(
                        { forms: { type, forms: event.target.value } },
                        { onSuccess: () => toast.success(fill(t.caseTypeFormsSaved, { type: type.label })) },
                      );
                  }}
                />
              ) : (
                type.forms && <span className="ml-auto text-xs text-muted-foreground">{type.forms}</span>
              )}
            </li>
          ))}
        </ul>
        {canEdit && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              aria-label={t.newCaseType}
              placeholder={t.newCaseType}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
            />
            <NativeSelect
              aria-label="Categoria"
              className="sm:w-36"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
            >
              {CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </NativeSelect>
            <Button
              type="button"
              variant="secondary"
              onClick={add}
              disabled={label.trim().length < 2 || write.isPending}
            >
              {t.addCaseType}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
