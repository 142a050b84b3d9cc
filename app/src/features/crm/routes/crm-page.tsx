/** /crm: the leads board (novo → contato → proposta → fechado / perdido). Administrators and commercial edit. */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { useMoveLead } from '../api/mutations';
import { useLead, useLeadStageCounts } from '../api/queries';
import { LeadBoard } from '../components/lead-board';
import { LeadDialog } from '../components/lead-dialog';
import type { Lead, Stage } from '../lib/leads';
import { crmStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export default function CrmPage() {
  const { user, hasRole } = useAuth();
  const canEdit = hasRole('administrator') || hasRole('commercial');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const counts = useLeadStageCounts(term);
  const move = useMoveLead();
  const [dialog, setDialog] = useState<{ open: boolean; lead: Lead | null }>({ open: false, lead: null });
  // the dialog shows the lead as stored now (saved, moved or converted since its card was drawn)
  const current = useLead(dialog.open ? (dialog.lead?.id ?? null) : null);

  function onMove(lead: Lead, stage: Stage) {
    move.mutate(
      { lead, stage },
      {
        onSuccess: () => toast.success(fill(t.moved, { stage: t.stages[stage] ?? stage })),
        onError: (error) => toast.error(fill(t.saveError, { message: errorMessage(error) })),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        className="mb-0"
        title={t.title}
        description={canEdit ? t.description : t.readOnly}
        actions={
          canEdit && (
            <Button onClick={() => setDialog({ open: true, lead: null })}>
              <Plus aria-hidden="true" />
              {t.newLead}
            </Button>
          )
        }
      />
      <SearchInput
        containerClassName="max-w-md"
        type="search"
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <LeadBoard
        search={term}
        counts={counts.data}
        canEdit={canEdit}
        onMove={onMove}
        onOpen={(lead) => setDialog({ open: true, lead })}
      />
      <LeadDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        lead={dialog.lead ? (current.data ?? dialog.lead) : null}
        canEdit={canEdit}
        defaultOwner={user?.id ?? ''}
      />
    </div>
  );
}
