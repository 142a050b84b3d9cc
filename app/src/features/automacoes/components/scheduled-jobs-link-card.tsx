/** The way to the scheduled jobs page from Integrações. */
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { automacoesStrings as t } from '../strings';

export function ScheduledJobsLinkCard() {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <CalendarClock className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold">{t.title}</h2>
          <CardDescription>{t.linkDescription}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={t.path}>{t.open}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
