/** /privacidade (administrator): export a client's data, review deletion requests, set the retention rules. */
import { FileCheck } from 'lucide-react';
import { useState } from 'react';
import { ClientPicker } from '@/components/client-picker';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { saveBlob } from '@/lib/storage';
import { toast } from '@/lib/toast';
import {
  type DeletionRequest,
  type Retention,
  useDeletionRequests,
  useRetention,
  useReviewDeletion,
  useSaveRetention,
} from '../api/lgpd';
import { ClientConsentsCard } from '../components/client-consents-card';
import { ExportCard } from '../components/export-card';
import { LegalDocumentsCard } from '../components/legal-documents-card';
import { fill, privacidadeStrings as t } from '../strings';

function RetentionCard() {
  const retention = useRetention();
  return retention.data ? <RetentionForm initial={retention.data} /> : null;
}

function RetentionForm({ initial }: { initial: Retention }) {
  const save = useSaveRetention();
  const [values, setValues] = useState<Retention>(initial);
  const field = (key: keyof Retention, label: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`retention-${key}`}>{label}</Label>
      <Input
        id={`retention-${key}`}
        type="number"
        min={0}
        max={100}
        value={values[key]}
        onChange={(event) => setValues({ ...values, [key]: Math.max(0, Math.min(100, Number(event.target.value))) })}
      />
    </div>
  );
  const onSave = async () => {
    try {
      await save.mutateAsync(values);
      toast.success(t.retentionSaved);
    } catch (err) {
      toast.error(fill(t.retentionError, { message: errorMessage(err) }));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.retentionTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-3">
        {field('retention_process_years', t.retentionProcesses)}
        {field('retention_financial_years', t.retentionFinancial)}
        {field('retention_document_years', t.retentionDocuments)}
        <div>
          <Button onClick={onSave} disabled={save.isPending}>
            {t.retentionSave}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export default function PrivacidadePage() {
  const [clientId, setClientId] = useState('');
  const requests = useDeletionRequests();
  const review = useReviewDeletion();
  const [reviewing, setReviewing] = useState<{ request: DeletionRequest; approve: boolean } | null>(null);
  const [note, setNote] = useState('');

  const onReview = async () => {
    if (!reviewing) return;
    try {
      await review.mutateAsync({ requestId: reviewing.request.id, approve: reviewing.approve, note });
      toast.success(t.reviewed);
      setNote('');
    } catch (err) {
      toast.error(fill(t.reviewError, { message: errorMessage(err) }));
    }
  };

  return (
    <div className="grid gap-4">
      <PageHeader title={t.adminTitle} description={t.adminDescription} />
      <ExportCard
        title={t.adminExportTitle}
        description={t.exportDescription}
        startLabel={t.adminExportStart}
        clientId={clientId}
        requireClient
      >
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor="lgpd-export-client">{t.adminExportClient}</Label>
          <ClientPicker
            id="lgpd-export-client"
            value={clientId}
            onValueChange={setClientId}
            emptyLabel={t.adminExportChoose}
          />
        </div>
      </ExportCard>
      {clientId && <ClientConsentsCard clientId={clientId} />}
      <Card>
        <CardHeader>
          <CardTitle>{t.requestsTitle}</CardTitle>
          <CardDescription>{t.approveDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          {requests.error ? (
            <p role="alert" className="text-destructive">
              {fill(t.loadError, { message: errorMessage(requests.error) })}
            </p>
          ) : requests.isPending ? (
            <Spinner />
          ) : requests.data.length === 0 ? (
            <p className="text-muted-foreground">{t.requestsEmpty}</p>
          ) : (
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t.requestedAt}</TableHead>
                    <TableHead>{t.client}</TableHead>
                    <TableHead>{t.reason}</TableHead>
                    <TableHead>Situação</TableHead>
                    <TableHead>
                      <span className="sr-only">Ações</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {requests.data.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell>{formatDateTime(r.created_at)}</TableCell>
                      <TableCell>{r.clients?.full_name ?? '-'}</TableCell>
                      <TableCell className="max-w-xs break-words">{r.reason ?? '-'}</TableCell>
                      <TableCell>{t.deletionStatus[r.status]}</TableCell>
                      <TableCell className="flex flex-wrap gap-2">
                        {r.status === 'pending' && (
                          <>
                            <Button
                              size="sm"
                              variant="destructive"
                              onClick={() => setReviewing({ request: r, approve: true })}
                            >
                              {t.approve}
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              onClick={() => setReviewing({ request: r, approve: false })}
                            >
                              {t.reject}
                            </Button>
                          </>
                        )}
                        {r.certificate && (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() =>
                              saveBlob(
                                new Blob([JSON.stringify(r.certificate, null, 2)], { type: 'application/json' }),
                                `certificado-exclusao-${r.id}.json`,
                              )
                            }
                          >
                            <FileCheck aria-hidden="true" />
                            {t.certificate}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </CardContent>
      </Card>
      <LegalDocumentsCard />
      <RetentionCard />
      <ConfirmDialog
        open={reviewing !== null}
        onOpenChange={(open) => !open && setReviewing(null)}
        title={reviewing?.approve ? t.approveTitle : t.rejectTitle}
        description={reviewing?.approve ? t.approveDescription : t.rejectDescription}
        confirmLabel={reviewing?.approve ? t.approve : t.reject}
        onConfirm={onReview}
        pending={review.isPending}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="lgpd-review-note">{t.note}</Label>
          <Textarea id="lgpd-review-note" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </ConfirmDialog>
    </div>
  );
}
