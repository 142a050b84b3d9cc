/** "Convidar Novo Usuário": e-mail, name and role; the server function sends the invitation e-mail. */
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { inviteStaff } from '../api/invite';
import { userKeys } from '../api/keys';
import { STAFF_ROLE_OPTIONS, tableRoleLabel } from '../roles';
import { usuariosStrings as t } from '../strings';
import { fill } from '@/lib/strings';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function InviteUserDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<string>('secretary');
  const [errors, setErrors] = useState<{ email?: string; fullName?: string }>({});
  const [sending, setSending] = useState(false);

  const reset = () => {
    setEmail('');
    setFullName('');
    setRole('secretary');
    setErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!EMAIL.test(email.trim())) found.email = t.inviteEmailInvalid;
    if (fullName.trim().length < 3) found.fullName = t.inviteNameInvalid;
    setErrors(found);
    if (found.email || found.fullName) return;
    setSending(true);
    try {
      const failure = await inviteStaff({ email, fullName, role });
      if (failure) {
        toast.error(failure);
        return;
      }
      toast.success(fill(t.inviteSent, { email: email.trim().toLowerCase() }));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      reset();
      setOpen(false);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {t.invite}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.invite}</DialogTitle>
          <DialogDescription>{t.inviteDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={t.inviteName} error={errors.fullName}>
            <Input value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label={t.inviteEmail} error={errors.email}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label={t.inviteRole}>
            <NativeSelect value={role} onChange={(e) => setRole(e.target.value)}>
              {STAFF_ROLE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {tableRoleLabel(option)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={sending}>
              {sending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t.inviteSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
