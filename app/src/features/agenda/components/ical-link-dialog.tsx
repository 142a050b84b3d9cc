/** The staff member's secret iCalendar URL: generated on demand (shown once), copied to the clipboard. */
import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { env } from '@/config/env';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { useRotateCalendarFeed } from '../api/mutations';
import { useHasCalendarFeed } from '../api/queries';
import { agendaStrings as t } from '../strings';

export function feedUrl(token: string, base = env.SUPABASE_URL): string {
  return `${base.replace(/\/$/, '')}/functions/v1/agenda-ics/${token}.ics`;
}

export function IcalLinkDialog() {
  const { user } = useAuth();
  const existing = useHasCalendarFeed(user?.id);
  const rotate = useRotateCalendarFeed();
  const [url, setUrl] = useState('');

  async function generate() {
    try {
      setUrl(feedUrl(await rotate.mutateAsync()));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t.icalCopied);
    } catch {
      toast.error(url);
    }
  }

  return (
    <Dialog onOpenChange={(open) => !open && setUrl('')}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Link2 aria-hidden="true" />
          {t.icalButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.icalTitle}</DialogTitle>
          <DialogDescription>{t.icalDescription}</DialogDescription>
        </DialogHeader>
        {url ? (
          <div className="flex gap-2">
            <Input readOnly value={url} aria-label={t.icalTitle} onFocus={(e) => e.currentTarget.select()} />
            <Button onClick={copy}>
              <Copy aria-hidden="true" />
              {t.icalCopy}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            {existing.data && <p className="text-sm text-muted-foreground">{t.icalExisting}</p>}
            <Button onClick={generate} disabled={rotate.isPending}>
              {existing.data ? t.icalRegenerate : t.icalGenerate}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
