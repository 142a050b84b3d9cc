/** A filled form's pages as images (rendered on the server with the form's values drawn), one at a time, so
 * staff review what the client and USCIS will see before the document is shared. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { base64ObjectUrl, invokeFunction } from '@/lib/functions';
import { fill } from '@/lib/strings';
import { formsStrings as t } from '../strings';

interface RenderedPage {
  url: string;
  pages: number;
}

async function renderPage(documentId: string, page: number): Promise<RenderedPage> {
  const data = await invokeFunction<{ pageCount: number; png: string } | null>(
    'preview-uscis-form',
    { documentId, page, width: 1000 },
    { fallbackError: t.previewFailed },
  );
  if (!data?.png) throw new Error(t.previewFailed);
  return { url: base64ObjectUrl(data.png, 'image/png'), pages: data.pageCount };
}

export function FormPagesPreview({ documentId, title }: { documentId: string; title: string }) {
  const [page, setPage] = useState(1);
  const rendered = useQuery({
    queryKey: ['form-page-preview', documentId, page],
    queryFn: () => renderPage(documentId, page),
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = rendered.data?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  const pages = rendered.data?.pages ?? 1;
  return (
    <section aria-label={t.previewTitle} className="grid gap-2" data-testid="form-pages-preview">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{t.previewTitle}</h3>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {fill(t.previewPageOf, { page, pages })}
        </span>
        <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t.previewPrevious}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t.previewNext}
        </Button>
      </div>
      {rendered.isError ? (
        <p className="text-sm text-destructive">{rendered.error.message}</p>
      ) : url ? (
        <img
          src={url}
          alt={fill(t.previewAlt, { title, page, pages })}
          className="max-h-[60vh] w-full rounded-md border object-contain"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t.previewLoading}</p>
      )}
    </section>
  );
}
