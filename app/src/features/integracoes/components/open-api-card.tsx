/** The Open API box: what the REST API is and where it answers. */
import { BookOpen, Code2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { env } from '@/config/env';
import { integracoesStrings as t } from '../strings';

export function OpenApiCard() {
  const [open, setOpen] = useState(false);
  const base = env.SUPABASE_URL.replace(/\/+$/, '');
  return (
    <Card className="border-dashed">
      <CardHeader className="flex-row items-start gap-3">
        <Code2 className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold">{t.openApiTitle}</h2>
          <CardDescription>{t.openApiDescription}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <BookOpen aria-hidden="true" />
          {t.openApiDocs}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.openApiDialogTitle}</DialogTitle>
            <DialogDescription>{t.openApiDialogDescription}</DialogDescription>
          </DialogHeader>
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="font-medium">{t.openApiBaseUrl}</dt>
              <dd>
                <code className="break-all rounded bg-muted px-1.5 py-0.5">{base}/rest/v1</code>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t.openApiFunctions}</dt>
              <dd>
                <code className="break-all rounded bg-muted px-1.5 py-0.5">{base}/functions/v1</code>
              </dd>
            </div>
          </dl>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
