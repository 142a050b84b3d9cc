/** Meu Perfil: editable full name, read-only e-mail, Salvar Alterações. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth-context';
import { useUpdateProfile } from '../api/mutations';
import { profileSchema, type ProfileInput } from '../schemas';
import { perfilStrings as t } from '../strings';

export function ProfileCard() {
  const { user, profile, refreshProfile } = useAuth();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { full_name: profile?.full_name ?? '' },
  });

  // The profile may arrive (or change) after the first render.
  useEffect(() => {
    reset({ full_name: profile?.full_name ?? '' });
  }, [profile?.full_name, reset]);

  const onSubmit = (values: ProfileInput) => {
    if (!user) return;
    updateProfile.mutate(
      { userId: user.id, fullName: values.full_name },
      {
        onSuccess: async () => {
          // Show the saved (trimmed) name even when the refreshed profile equals the previous one.
          reset({ full_name: values.full_name });
          await refreshProfile();
          toast.success(t.updated);
        },
        onError: (error) => {
          console.error(error);
          toast.error(t.updateError);
        },
      },
    );
  };

  const saving = updateProfile.isPending;

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-none font-semibold">{t.personalTitle}</h2>
        <CardDescription>{t.personalDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <FormField label={t.fullName} error={errors.full_name}>
            <Input autoComplete="name" {...register('full_name')} />
          </FormField>
          <FormField label={t.email} description={t.emailHint}>
            <Input
              type="email"
              value={profile?.email ?? user?.email ?? ''}
              readOnly
              aria-readonly="true"
              className="bg-muted"
            />
          </FormField>
          <div>
            <Button type="submit" disabled={saving}>
              {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
              {saving ? t.saving : t.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
