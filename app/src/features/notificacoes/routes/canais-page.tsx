/** /cliente/perfil (client): Meu Perfil — which channels the client authorises, with the time of consent; Alterar senha. */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ChangePasswordCard } from '@/components/change-password-card';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { type Channel, type Consent, useConsents, useSetConsent } from '../api/consents';
import { fill, notificacoesStrings as t } from '../strings';

function ConsentNote({ consent }: { consent: Consent | undefined }) {
  if (consent?.granted && consent.granted_at) {
    return (
      <p className="text-xs text-muted-foreground">
        {fill(t.consentSince, { date: formatDateTime(consent.granted_at) })}
      </p>
    );
  }
  if (consent && !consent.granted && consent.revoked_at) {
    return (
      <p className="text-xs text-muted-foreground">
        {fill(t.consentRevoked, { date: formatDateTime(consent.revoked_at) })}
      </p>
    );
  }
  return null;
}

export default function CanaisPage() {
  const { clientData } = useAuth();
  const { data: consents = [], isPending } = useConsents();
  const setConsent = useSetConsent();
  const byChannel = (channel: Channel) => consents.find((c) => c.channel === channel);
  // The field starts from the stored WhatsApp number (else the client's phone) and follows it when it changes.
  const storedPhone = byChannel('whatsapp')?.phone ?? clientData?.phone ?? '';
  const [phone, setPhone] = useState(storedPhone);
  const [shownPhone, setShownPhone] = useState(storedPhone);
  if (storedPhone !== shownPhone) {
    setShownPhone(storedPhone);
    setPhone(storedPhone);
  }

  const onToggle = async (channel: Channel, granted: boolean) => {
    try {
      await setConsent.mutateAsync({ channel, granted, phone: channel === 'whatsapp' ? phone : undefined });
      toast.success(t.consentSaved);
    } catch (err) {
      toast.error(fill(t.consentError, { message: errorMessage(err) }));
    }
  };

  return (
    <div>
      <PageHeader title={t.channelsTitle} description={t.channelsDescription} />
      <div className="grid max-w-xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t.channelsCard}</CardTitle>
            <CardDescription>{t.channelsHelp}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {isPending ? (
              <Spinner />
            ) : (
              <>
                <div className="grid gap-1">
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id="consent-email"
                      checked={byChannel('email')?.granted ?? false}
                      disabled={setConsent.isPending}
                      onCheckedChange={(checked) => onToggle('email', checked === true)}
                    />
                    <Label htmlFor="consent-email">{t.emailChannel}</Label>
                  </div>
                  {clientData?.email && <p className="pl-6 text-xs text-muted-foreground">{clientData.email}</p>}
                  <div className="pl-6">
                    <ConsentNote consent={byChannel('email')} />
                  </div>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="whatsapp-phone">{t.whatsappPhone}</Label>
                  <Input
                    id="whatsapp-phone"
                    inputMode="tel"
                    placeholder="+5511912345678"
                    value={phone}
                    onChange={(e) => setPhone(e.target.value)}
                  />
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id="consent-whatsapp"
                      checked={byChannel('whatsapp')?.granted ?? false}
                      disabled={setConsent.isPending}
                      onCheckedChange={(checked) => onToggle('whatsapp', checked === true)}
                    />
                    <Label htmlFor="consent-whatsapp">{t.whatsappChannel}</Label>
                  </div>
                  <div className="pl-6">
                    <ConsentNote consent={byChannel('whatsapp')} />
                  </div>
                </div>
              </>
            )}
          </CardContent>
        </Card>
        <ChangePasswordCard />
      </div>
    </div>
  );
}
