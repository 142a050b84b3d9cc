/** Integrações > Provedores de consulta: which provider answers each lookup, which of them is a demo. */
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DemoBadge } from '@/components/demo-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useProviders, useSaveProviders } from '../api/queries';
import type { ProviderChoices } from '../api/system-settings';
import { PROVIDER_SERVICES, isDemoChoice } from '../catalog-providers';
import { integracoesStrings as t } from '../strings';
import { ConfirmDialog } from '@/components/confirm-dialog';

export function ProvidersCard() {
  const { data, isPending, isError } = useProviders(true);
  const save = useSaveProviders();
  // what the administrator changed on screen, over what is in effect
  const [edits, setEdits] = useState<Partial<ProviderChoices>>({});
  const [confirming, setConfirming] = useState(false);
  const choices: ProviderChoices | null = data ? { ...data.choices, ...edits } : null;

  const changed =
    data !== undefined &&
    choices !== null &&
    PROVIDER_SERVICES.some((service) => choices[service.field] !== data.choices[service.field]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) setConfirming(true);
  };

  const onConfirm = async () => {
    if (!choices) return;
    try {
      await save.mutateAsync(choices);
      setEdits({});
      toast.success(t.providersSaved);
    } catch (error) {
      toast.error(errorMessage(error, t.providersSaveFailed));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.providersTitle}</CardTitle>
        <CardDescription>{t.providersDescription}</CardDescription>
        {data?.production && <p className="text-sm font-medium">{t.providersProduction}</p>}
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="text-sm text-destructive">{t.providersLoadFailed}</p>
        ) : isPending || !choices ? (
          <div className="grid gap-3" aria-busy="true">
            {PROVIDER_SERVICES.map((service) => (
              <Skeleton key={service.field} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit} aria-label={t.providersTitle}>
            <div className="grid gap-4 md:grid-cols-2">
              {PROVIDER_SERVICES.map((service) => {
                const id = `provider-${service.field}`;
                const value = choices[service.field];
                return (
                  <div key={service.field} className="grid gap-1.5" data-testid={id}>
                    <div className="flex flex-wrap items-center gap-2">
                      <Label htmlFor={id}>{service.name}</Label>
                      {isDemoChoice(service, value) && <DemoBadge />}
                    </div>
                    <NativeSelect
                      id={id}
                      value={value}
                      onChange={(event) => setEdits({ ...edits, [service.field]: event.target.value })}
                    >
                      {service.options.map((option) => (
                        <option key={option.value} value={option.value} disabled={option.demo && data?.production}>
                          {option.label}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                );
              })}
            </div>
            <div>
              <Button type="submit" size="sm" disabled={!changed || save.isPending}>
                <Save aria-hidden="true" />
                {save.isPending ? t.providersSaving : t.providersSave}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.providersConfirmTitle}
        description={t.providersConfirmText}
        cancelLabel={t.cancel}
        confirmLabel={t.providersConfirm}
        destructive={false}
        pending={save.isPending}
        onConfirm={onConfirm}
      />
    </Card>
  );
}
