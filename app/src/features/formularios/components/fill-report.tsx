/** What a fill left out: mapped fields without data (with where the data should come from) and unmapped fields. */
import type { FillResult } from '../api/types';
import { dataPathLabel } from '../data-paths';
import { formsStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export function FillReport({ result }: { result: FillResult }) {
  return (
    <div className="grid gap-3 text-sm" data-testid="fill-report">
      <p className="font-medium">{fill(t.filledCount, { count: result.filledCount })}</p>
      <section aria-label={fill(t.emptyTitle, { count: result.emptyFields.length })}>
        <h3 className="font-semibold">{fill(t.emptyTitle, { count: result.emptyFields.length })}</h3>
        {result.emptyFields.length === 0 ? (
          <p className="text-muted-foreground">{t.emptyNone}</p>
        ) : (
          <ul className="mt-1 grid max-h-48 gap-1 overflow-y-auto" data-testid="empty-fields">
            {result.emptyFields.map((field) => (
              <li key={field.name} className="rounded border px-2 py-1">
                <span className="font-mono text-xs">{field.name}</span>
                <span className="text-muted-foreground"> — {dataPathLabel(field.dataPath)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {result.unmappedFields.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold">
            {fill(t.unmappedTitle, { count: result.unmappedFields.length })}
          </summary>
          <ul className="mt-1 max-h-40 overflow-y-auto font-mono text-xs">
            {result.unmappedFields.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The PDF in the browser's own viewer. */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  return <iframe src={src} title={title} className="h-[60vh] w-full rounded-md border" data-testid="pdf-frame" />;
}
