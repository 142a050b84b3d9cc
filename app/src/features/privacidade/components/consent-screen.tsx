/** The portal's consent screen: the versions in force of the terms of use and privacy notice the client has not
 * accepted yet (first access, or a new version published), shown before anything else of the portal. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type LegalDocument, useAcceptLegalDocuments } from '../api/legal';
import { fill, privacidadeStrings as t } from '../strings';

export default function ConsentScreen({ documents }: { documents: LegalDocument[] }) {
  const accept = useAcceptLegalDocuments();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);

  const onAccept = async () => {
    try {
      await accept.mutateAsync(documents.map((d) => d.id));
    } catch (err) {
      toast.error(fill(t.consentError, { message: errorMessage(err) }));
    }
  };
  const onSignOut = async () => {
    const { error } = await signOut();
    if (!error) navigate(paths.auth, { replace: true });
  };

  return (
    <main id="conteudo" className="mx-auto grid min-h-dvh w-full max-w-3xl content-center gap-4 px-3 py-6 sm:px-6">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold">{t.consentGateTitle}</h1>
          <CardDescription>{t.consentGateDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {documents.map((d) => (
            <section key={d.id} className="grid gap-2">
              <h2 className="font-semibold">
                {t.legalKind[d.kind] ?? d.kind}: {d.title}
              </h2>
              <p className="text-sm text-muted-foreground">
                {fill(t.consentVersion, { version: d.version, date: formatDate(d.published_at) })}
              </p>
              <div
                role="region"
                aria-label={d.title}
                tabIndex={0}
                className="max-h-64 overflow-y-auto rounded-md border bg-muted/30 p-3 text-sm whitespace-pre-wrap"
              >
                {d.body}
              </div>
            </section>
          ))}
          <div className="flex items-center gap-2">
            <Checkbox id="consent-check" checked={checked} onCheckedChange={(value) => setChecked(value === true)} />
            <Label htmlFor="consent-check">{t.consentCheck}</Label>
          </div>
        </CardContent>
        <CardFooter className="flex flex-wrap justify-between gap-2">
          <Button variant="outline" onClick={() => void onSignOut()}>
            {t.consentSignOut}
          </Button>
          <Button onClick={() => void onAccept()} disabled={!checked || accept.isPending}>
            {t.consentAccept}
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
