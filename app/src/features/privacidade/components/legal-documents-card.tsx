/** Administrators: the versions in force of the terms of use and privacy notice, publishing a new version (every
 * client accepts it before continuing in the portal) and withdrawing one published by mistake. */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelOptions, NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  type LegalDocument,
  type LegalKind,
  type NewLegalDocument,
  useCurrentLegalDocuments,
  usePublishLegalDocument,
  useWithdrawLegalDocument,
} from '../api/legal';
import { fill, privacidadeStrings as t } from '../strings';

const EMPTY: NewLegalDocument = { kind: 'terms_of_use', version: '', title: '', body: '' };

export function LegalDocumentsCard() {
  const current = useCurrentLegalDocuments();
  const publish = usePublishLegalDocument();
  const withdraw = useWithdrawLegalDocument();
  const [form, setForm] = useState<NewLegalDocument>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const [withdrawing, setWithdrawing] = useState<LegalDocument | null>(null);
  const complete = form.version.trim() !== '' && form.title.trim() !== '' && form.body.trim() !== '';

  const onPublish = async () => {
    try {
      await publish.mutateAsync({ ...form, version: form.version.trim(), title: form.title.trim() });
      setForm(EMPTY);
      toast.success(t.legalPublished);
    } catch (err) {
      toast.error(fill(t.legalPublishError, { message: errorMessage(err) }));
    }
  };
  const onWithdraw = async () => {
    if (!withdrawing) return;
    try {
      await withdraw.mutateAsync(withdrawing.id);
      toast.success(t.legalWithdrawn);
    } catch (err) {
      toast.error(fill(t.legalWithdrawError, { message: errorMessage(err) }));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.legalTitle}</CardTitle>
        <CardDescription>{t.legalDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {(current.data ?? []).length === 0 ? (
          <p className="text-muted-foreground">{t.legalNone}</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {(current.data ?? []).map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2">
                <span>
                  <strong>{t.legalKind[d.kind] ?? d.kind}:</strong> {d.title} —{' '}
                  {fill(t.consentVersion, { version: d.version, date: formatDateTime(d.published_at) })}
                </span>
                <Button size="sm" variant="outline" onClick={() => setWithdrawing(d)}>
                  {t.legalWithdraw}
                  <span className="sr-only">
                    {' '}
                    {d.title} {d.version}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="legal-kind">{t.legalKindLabel}</Label>
            <NativeSelect
              id="legal-kind"
              value={form.kind}
              onChange={(event) => setForm({ ...form, kind: event.target.value as LegalKind })}
            >
              <LabelOptions labels={t.legalKind} />
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="legal-version">{t.legalVersionLabel}</Label>
            <Input
              id="legal-version"
              maxLength={40}
              value={form.version}
              onChange={(event) => setForm({ ...form, version: event.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="legal-title">{t.legalTitleLabel}</Label>
            <Input
              id="legal-title"
              maxLength={200}
              value={form.title}
              onChange={(event) => setForm({ ...form, title: event.target.value })}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="legal-body">{t.legalBodyLabel}</Label>
          <Textarea
            id="legal-body"
            rows={6}
            maxLength={100000}
            value={form.body}
            onChange={(event) => setForm({ ...form, body: event.target.value })}
          />
        </div>
        <div>
          <Button
            onClick={() => (complete ? setConfirming(true) : toast.error(t.legalMissing))}
            disabled={publish.isPending}
          >
            {t.legalPublish}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.legalPublishTitle}
        description={t.legalPublishDescription}
        confirmLabel={t.legalPublish}
        destructive={false}
        onConfirm={onPublish}
        pending={publish.isPending}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={t.legalWithdrawTitle}
        description={t.legalWithdrawDescription}
        confirmLabel={t.legalWithdraw}
        onConfirm={onWithdraw}
        pending={withdraw.isPending}
      />
    </Card>
  );
}
