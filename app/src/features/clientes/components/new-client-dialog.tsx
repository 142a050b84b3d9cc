/** The Novo Cliente dialog: creates the client's portal log-in and clients row through create_client_user. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
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
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { useCreateClient } from '../api/mutations';
import { emptyNewClient, hasRequiredFields, newClientSchema, type NewClientInput } from '../schemas';
import { clientesStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export function NewClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createClient = useCreateClient();
  const { register, handleSubmit, control, reset } = useForm<NewClientInput>({
    resolver: zodResolver(newClientSchema),
    defaultValues: emptyNewClient,
  });

  const [fullName, email, password] = useWatch({ control, name: ['full_name', 'email', 'password'] });
  const ready = hasRequiredFields({ full_name: fullName ?? '', email: email ?? '', password: password ?? '' });
  const saving = createClient.isPending;

  const onValid = (values: NewClientInput) => {
    createClient.mutate(values, {
      onSuccess: () => {
        toast.success(t.created);
        reset(emptyNewClient);
        onOpenChange(false);
      },
      onError: (error) => toast.error(fill(t.createError, { message: errorMessage(error) })),
    });
  };

  const onInvalid = () => toast.error(t.required);

  const handleOpenChange = (next: boolean) => {
    if (saving) return;
    if (!next) reset(emptyNewClient);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.dialogTitle}</DialogTitle>
          <DialogDescription>{t.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
          <FormField label={t.fullName}>
            <Input autoComplete="off" required {...register('full_name')} />
          </FormField>
          <FormField label={t.email}>
            <Input type="email" autoComplete="off" required {...register('email')} />
          </FormField>
          <FormField label={t.password} description={t.passwordHint}>
            <Input type="password" autoComplete="new-password" required {...register('password')} />
          </FormField>
          <FormField label={`${t.phone} ${t.optional}`}>
            <Input type="tel" autoComplete="off" {...register('phone')} />
          </FormField>
          <FormField label={`${t.address} ${t.optional}`}>
            <Textarea rows={2} {...register('address')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={saving}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!ready || saving}>
              {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
              {saving ? t.submitting : t.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
