/**
 * What a passport photo proposes for the client's record, beside what the record holds: staff correct any value,
 * choose which to apply, and confirm. Check digits that failed are named, so a misread number or date is noticed.
 */
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import type { PassportFields, PassportProposal } from '../api/passport';

type Field = keyof PassportFields;

const FIELDS: { key: Field; label: string; type: 'text' | 'date' }[] = [
  { key: 'full_name', label: 'Nome completo', type: 'text' },
  { key: 'date_of_birth', label: 'Data de nascimento', type: 'date' },
  { key: 'nationality', label: 'Nacionalidade', type: 'text' },
  { key: 'passport_number', label: 'Nº do passaporte', type: 'text' },
  { key: 'passport_expires_on', label: 'Validade do passaporte', type: 'date' },
];

const CHECK_NAMES: Record<string, string> = {
  passportNumber: 'número do passaporte',
  birthDate: 'data de nascimento',
  expiryDate: 'validade',
};

function proposedFields(proposal: PassportProposal): PassportFields {
  return {
    full_name: proposal.fullName,
    date_of_birth: proposal.birthDate,
    nationality: proposal.nationality,
    passport_number: proposal.passportNumber,
    passport_expires_on: proposal.expiryDate,
  };
}

export function PassportProposalDialog({
  proposal,
  current,
  pending,
  onCancel,
  onApply,
}: {
  proposal: PassportProposal | null;
  /** The record as it is (undefined while it loads: the dialog waits for it). */
  current: PassportFields | undefined;
  pending: boolean;
  onCancel: () => void;
  onApply: (fields: Partial<PassportFields>) => Promise<void>;
}) {
  if (!proposal || !current) return null;
  return (
    <ProposalForm
      key={`${proposal.passportNumber}-${proposal.fullName}`}
      proposal={proposal}
      current={current}
      pending={pending}
      onCancel={onCancel}
      onApply={onApply}
    />
  );
}

function ProposalForm({
  proposal,
  current,
  pending,
  onCancel,
  onApply,
}: {
  proposal: PassportProposal;
  current: PassportFields;
  pending: boolean;
  onCancel: () => void;
  onApply: (fields: Partial<PassportFields>) => Promise<void>;
}) {
  const baseId = useId();
  const [values, setValues] = useState<PassportFields>(() => proposedFields(proposal));
  // what differs from the record is offered for applying; what is equal needs nothing
  const [chosen, setChosen] = useState<Set<Field>>(() => {
    const read = proposedFields(proposal);
    return new Set(FIELDS.filter(({ key }) => read[key] && read[key] !== (current[key] ?? null)).map((f) => f.key));
  });

  const failed = Object.entries(proposal.checks)
    .filter(([name, ok]) => !ok && name in CHECK_NAMES)
    .map(([name]) => CHECK_NAMES[name]);

  const apply = () => {
    const fields: Partial<PassportFields> = {};
    for (const key of chosen) {
      const value = values[key]?.trim() || null;
      if (key === 'full_name') {
        if (value) fields.full_name = value;
      } else fields[key] = value;
    }
    return onApply(fields);
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Dados lidos do passaporte"
      description="Confira cada valor com o passaporte e marque o que deve ir para o cadastro do cliente. Nada é gravado sem a sua confirmação."
      confirmLabel="Atualizar cadastro"
      destructive={false}
      pending={pending}
      confirmDisabled={chosen.size === 0}
      onConfirm={apply}
    >
      {failed.length > 0 && (
        <p role="alert" className="rounded-md border border-destructive/50 p-2 text-sm text-destructive">
          Os dígitos de controle não conferem ({failed.join(', ')}): a leitura pode estar errada. Confira no passaporte
          antes de aplicar.
        </p>
      )}
      <div className="grid max-h-[55vh] gap-3 overflow-y-auto" aria-label="Dados lidos do passaporte">
        {FIELDS.map(({ key, label, type }) => {
          const id = `${baseId}-${key}`;
          const currentValue = current[key] ?? null;
          return (
            <div key={key} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-apply`}
                  checked={chosen.has(key)}
                  aria-label={`Aplicar ${label}`}
                  onCheckedChange={(checked) =>
                    setChosen((previous) => {
                      const next = new Set(previous);
                      if (checked === true) next.add(key);
                      else next.delete(key);
                      return next;
                    })
                  }
                />
                <label htmlFor={id} className="text-sm font-medium">
                  {label}
                </label>
              </div>
              <Input
                id={id}
                type={type}
                value={values[key] ?? ''}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
              />
              <p className="text-xs text-muted-foreground">
                No cadastro:{' '}
                {currentValue ? (type === 'date' ? formatDate(currentValue) : currentValue) : 'não informado'}
              </p>
            </div>
          );
        })}
      </div>
    </ConfirmDialog>
  );
}
