/** Configurar mapeamento: each PDF field of the form's latest edition -> a data path and a transform; saved as a new version. */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { UscisForm } from '../api/types';
import { errorMessage } from '@/lib/errors';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { useSaveMapping } from '../api/mutations';
import { useCurrentMapping } from '../api/queries';
import type { FieldMapping, FormEdition, Transform } from '../api/types';
import { DATA_PATH_GROUPS, TRANSFORMS } from '../data-paths';
import { formsStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { FormPicker } from './form-picker';
import { NativeSelect } from './native-select';

type Draft = Record<string, { data_path: string; transform: Transform; transform_arg: string }>;

const FILLABLE = new Set(['text', 'checkbox', 'radio', 'choice']);

function MappingTable({ edition }: { edition: FormEdition }) {
  const { data: mapping, isLoading } = useCurrentMapping(edition.id);
  const save = useSaveMapping(edition.id);
  const [onlyUnmapped, setOnlyUnmapped] = useState(false);
  // The draft restarts from each mapping version loaded (adjusted while rendering, not in an effect).
  const { values: draft, setValues: setDraft } = useDialogForm<Draft>(mapping, () =>
    Object.fromEntries(
      (mapping?.rows ?? []).map((row) => [
        row.field_name,
        { data_path: row.data_path, transform: row.transform, transform_arg: row.transform_arg ?? '' },
      ]),
    ),
  );

  const update = (name: string, change: Partial<Draft[string]>) =>
    setDraft((current) => {
      const row = { data_path: '', transform: 'text' as Transform, transform_arg: '', ...current[name], ...change };
      const next = { ...current, [name]: row };
      if (!row.data_path) delete next[name];
      return next;
    });

  const submit = async () => {
    const rows: FieldMapping[] = Object.entries(draft).map(([field_name, row]) => ({
      field_name,
      data_path: row.data_path,
      transform: row.transform,
      transform_arg: row.transform_arg.trim() || null,
    }));
    try {
      const version = await save.mutateAsync(rows);
      toast.success(fill(t.mappingSaved, { version }));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const fields = edition.fields.filter((field) => FILLABLE.has(field.type));
  const mappedCount = fields.filter((field) => draft[field.name]).length;
  const shown = onlyUnmapped ? fields.filter((field) => !draft[field.name]) : fields;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" data-testid="mapping-version">
        {isLoading ? '...' : mapping?.version ? fill(t.mappingVersion, { version: mapping.version }) : t.noMappingYet}
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span data-testid="mapping-coverage">
          {fill(t.mappingCoverage, { mapped: mappedCount, fields: fields.length })}
        </span>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={onlyUnmapped} onChange={(event) => setOnlyUnmapped(event.target.checked)} />
          {t.onlyUnmapped}
        </label>
      </div>
      <div className="max-h-[55vh] overflow-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t.field}</TableHead>
              <TableHead>{t.type}</TableHead>
              <TableHead>{t.dataPath}</TableHead>
              <TableHead>{t.transform}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((field) => {
              const row = draft[field.name];
              return (
                <TableRow key={field.name} data-testid="mapping-row">
                  <TableCell className="max-w-[16rem]">
                    <span className="block font-mono text-xs break-all">{field.name}</span>
                    {field.label && <span className="block text-xs text-muted-foreground">{field.label}</span>}
                    {field.options.length > 0 && (
                      <span className="block text-xs text-muted-foreground">{field.options.join(' · ')}</span>
                    )}
                  </TableCell>
                  <TableCell>{field.type}</TableCell>
                  <TableCell className="min-w-[14rem]">
                    <NativeSelect
                      aria-label={`${t.dataPath}: ${field.name}`}
                      value={row?.data_path ?? ''}
                      onChange={(event) => update(field.name, { data_path: event.target.value })}
                    >
                      <option value="">{t.notMapped}</option>
                      {DATA_PATH_GROUPS.map((group) => (
                        <optgroup key={group.label} label={group.label}>
                          {group.options.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </NativeSelect>
                  </TableCell>
                  <TableCell className="min-w-[12rem]">
                    <div className="grid gap-1">
                      <NativeSelect
                        aria-label={`${t.transform}: ${field.name}`}
                        value={row?.transform ?? 'text'}
                        disabled={!row}
                        onChange={(event) => update(field.name, { transform: event.target.value as Transform })}
                      >
                        {TRANSFORMS.map((transform) => (
                          <option key={transform.value} value={transform.value}>
                            {transform.label}
                          </option>
                        ))}
                      </NativeSelect>
                      {row && (row.transform === 'checkbox' || field.type === 'radio' || field.type === 'choice') && (
                        <Input
                          aria-label={`${row.transform === 'checkbox' ? t.checkedWhen : t.valueMap}: ${field.name}`}
                          placeholder={row.transform === 'checkbox' ? t.checkedWhen : t.valueMapPlaceholder}
                          value={row.transform_arg}
                          onChange={(event) => update(field.name, { transform_arg: event.target.value })}
                        />
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <DialogFooter>
        <Button
          type="button"
          onClick={() => void submit()}
          disabled={save.isPending || Object.keys(draft).length === 0}
        >
          {t.saveMapping}
        </Button>
      </DialogFooter>
    </div>
  );
}

export function MappingDialog({
  open,
  onOpenChange,
  forms,
  editions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forms: UscisForm[];
  editions: Map<number, FormEdition>;
}) {
  const [formId, setFormId] = useState<number | null>(null);
  const edition = formId !== null ? (editions.get(formId) ?? null) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t.mappingTitle}</DialogTitle>
          <DialogDescription>{t.mappingDescription}</DialogDescription>
        </DialogHeader>
        <FormPicker forms={forms} editions={editions} value={formId} onChange={setFormId} />
        {edition && <MappingTable key={edition.id} edition={edition} />}
      </DialogContent>
    </Dialog>
  );
}
