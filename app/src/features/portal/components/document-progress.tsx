/** The progress of a process's documents for the client: the required ones received out of all required ones. */
import { documentProgress, type ProgressInput } from '@/lib/documents';

export function DocumentProgress({ processId, requests }: { processId: number; requests: ProgressInput[] }) {
  const { done, total, percent } = documentProgress(requests);
  if (requests.length === 0) return null;
  const label = `Documentos do processo nº ${processId}`;
  return (
    <div className="grid gap-1" data-testid="document-progress">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="font-medium">Documentos</span>
        <span className="text-muted-foreground">
          {total === 0 ? 'Nenhum documento obrigatório' : `${done} de ${total} obrigatórios recebidos`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${done} de ${total} documentos obrigatórios recebidos`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
