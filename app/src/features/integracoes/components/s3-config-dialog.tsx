/** The Amazon S3 configuration dialog (the only integration with a real configuration). */
import { Loader2 } from 'lucide-react';
import type { FormEvent } from 'react';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { useSaveS3Setting } from '../api/queries';
import { validS3Config, type S3Config } from '../schemas';
import { integracoesStrings as t } from '../strings';

export function S3ConfigDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stored configuration (secret masked), used to pre-fill the non-secret fields. */
  current: Partial<S3Config> | null | undefined;
}) {
  // Filled again when the dialog opens, and once more if the stored configuration arrives while it is open.
  const { values, setValues } = useDialogForm<S3Config>(open ? (current ? 'stored' : 'none') : null, () => ({
    accessKeyId: current?.accessKeyId ?? '',
    secretAccessKey: '',
    region: current?.region ?? '',
    bucket: current?.bucket ?? '',
  }));
  const save = useSaveS3Setting();

  const field = (name: keyof S3Config) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((prev) => ({ ...prev, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const config = validS3Config(values);
    if (!config) {
      toast.error(t.incompleteTitle, { description: t.incompleteText });
      return;
    }
    save.mutate(config, {
      onSuccess: () => {
        toast.success(t.s3Saved);
        onOpenChange(false);
      },
      onError: (error) => toast.error(t.s3ErrorTitle, { description: errorMessage(error, t.s3ErrorFallback) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.s3DialogTitle}</DialogTitle>
          <DialogDescription>{t.s3DialogDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          <FormField label={t.accessKeyId}>
            <Input autoComplete="off" spellCheck={false} {...field('accessKeyId')} />
          </FormField>
          <FormField label={t.secretAccessKey}>
            <Input type="password" autoComplete="new-password" {...field('secretAccessKey')} />
          </FormField>
          <FormField label={t.region}>
            <Input autoComplete="off" placeholder={t.regionPlaceholder} {...field('region')} />
          </FormField>
          <FormField label={t.bucket}>
            <Input autoComplete="off" spellCheck={false} {...field('bucket')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {save.isPending ? t.saving : t.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
