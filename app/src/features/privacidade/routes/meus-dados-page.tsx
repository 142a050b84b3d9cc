/** /cliente/meus-dados: the client's LGPD rights — a copy of its data, a deletion request, its consent records. */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useClientConsents } from '../api/legal';
import { useDeletionRequests, useOwnConsents, useRequestDeletion } from '../api/lgpd';
import { ExportCard } from '../components/export-card';
import { fill, privacidadeStrings as t } from '../strings';

export default function MeusDadosPage() {
  const requests = useDeletionRequests();
  const consents = useOwnConsents();
  const accepted = useClientConsents('');
  const request = useRequestDeletion();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const pending = (requests.data ?? []).some((r) => r.status === 'pending');

  const onRequest = async () => {
    try {
      await request.mutateAsync(reason);
      setReason('');
      toast.success(t.deletionRequested);
    } catch (err) {
      toast.error(fill(t.deletionError, { message: errorMessage(err) }));
    }
  };

  return (
    <div className="grid gap-4">
      <PageHeader title={t.portalTitle} description={t.portalDescription} />
      <ExportCard title={t.exportTitle} description={t.exportDescription} startLabel={t.exportStart} clientId="" />
      <Card>
        <CardHeader>
          <CardTitle>{t.deletionTitle}</CardTitle>
          <CardDescription>{t.deletionDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {pending ? (
            <p role="status">{t.deletionPending}</p>
          ) : (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor="deletion-reason">{t.deletionReason}</Label>
                <Textarea
                  id="deletion-reason"
                  maxLength={2000}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              </div>
              <div>
                <Button variant="destructive" onClick={() => setConfirming(true)} disabled={request.isPending}>
                  {t.deletionRequest}
                </Button>
              </div>
            </>
          )}
          {(requests.data ?? []).length > 0 && (
            <ul className="text-sm">
              {(requests.data ?? []).map((r) => (
                <li key={r.id}>
                  {t.requestedAt} {formatDateTime(r.created_at)} — <strong>{t.deletionStatus[r.status]}</strong>
                  {r.review_note && <span className="text-muted-foreground"> ({r.review_note})</span>}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t.consentsTitle}</CardTitle>
          <CardDescription>{t.consentsDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          {(consents.data ?? []).length === 0 ? (
            <p className="text-muted-foreground">{t.consentsEmpty}</p>
          ) : (
            <ul className="text-sm">
              {(consents.data ?? []).map((c) => (
                <li key={c.channel}>
                  <strong>{t.channel[c.channel] ?? c.channel}:</strong>{' '}
                  {c.granted
                    ? fill(t.granted, { date: formatDate(c.granted_at) })
                    : fill(t.revoked, { date: c.revoked_at ? ` desde ${formatDate(c.revoked_at)}` : '' })}
                </li>
              ))}
            </ul>
          )}
          <h4 className="mt-4 font-semibold">{t.acceptedTitle}</h4>
          {(accepted.data ?? []).length === 0 ? (
            <p className="text-muted-foreground">{t.acceptedEmpty}</p>
          ) : (
            <ul className="text-sm">
              {(accepted.data ?? []).map((c) => (
                <li key={c.id}>
                  {fill(t.acceptedItem, {
                    kind: t.legalKind[c.kind] ?? c.kind,
                    version: c.version,
                    date: formatDateTime(c.accepted_at),
                  })}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.deletionConfirmTitle}
        description={t.deletionConfirmDescription}
        confirmLabel={t.deletionRequest}
        onConfirm={onRequest}
        pending={request.isPending}
      />
    </div>
  );
}
