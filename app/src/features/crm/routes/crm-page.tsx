/** /crm: the leads board (novo → contato → proposta → fechado / perdido). Administrators and commercial edit. */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { useMoveLead } from '../api/mutations';
import { useLeads } from '../api/queries';
import { LeadBoard } from '../components/lead-board';
import { LeadDialog } from '../components/lead-dialog';
import type { Lead, Stage } from '../lib/leads';
import { crmStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export default function CrmPage() {
  const { user, hasRole } = useAuth();
  const canEdit = hasRole('administrator') || hasRole('commercial');
  const leads = useLeads();
  const move = useMoveLead();
  const [dialog, setDialog] = useState<{ open: boolean; lead: Lead | null }>({ open: false, lead: null });

  function onMove(id: string, stage: Stage) {
    move.mutate(
      { id, stage },
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
      {leads.isPending ? (
        <Skeleton className="h-64" />
      ) : (
        <LeadBoard
          leads={leads.data ?? []}
          canEdit={canEdit}
          onMove={onMove}
          onOpen={(lead) => setDialog({ open: true, lead })}
        />
      )}
      <LeadDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        lead={dialog.lead ? (leads.data?.find((l) => l.id === dialog.lead!.id) ?? dialog.lead) : null}
        canEdit={canEdit}
        defaultOwner={user?.id ?? ''}
      />
    </div>
  );
}
