import { Calendar, FolderOpen, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ColorBadge } from '@/components/ui/badge';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { processStatusLabel } from '@/lib/glossary';
import { useClientId, useClientProcesses, useDocumentRequests } from '../api/queries';
import { CardSkeletons, EmptyState } from '@/components/portal-cards';
import { DocumentProgress } from '../components/document-progress';
import { processStatusColor } from '@/lib/status';
import { filterProcesses, type ProcessTab } from '../rules/process-status';
import { portalStrings as t } from '../strings';
import type { ClientProcess, PortalDocumentRequest } from '../types';

const TABS: { value: ProcessTab; label: string; emptyTitle: string; emptyText: string }[] = [
  { value: 'all', label: t.tabAll, emptyTitle: t.emptyAllTitle, emptyText: t.emptyAllText },
  { value: 'active', label: t.tabActive, emptyTitle: t.emptyActiveTitle, emptyText: t.emptyActiveText },
  { value: 'completed', label: t.tabCompleted, emptyTitle: t.emptyCompletedTitle, emptyText: t.emptyCompletedText },
];

export function ProcessCard({
  process,
  requests = [],
}: {
  process: ClientProcess;
  requests?: PortalDocumentRequest[];
}) {
  return (
    <Card data-testid="process-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <CardTitle as="h2">{process.type}</CardTitle>
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <Calendar className="size-3.5" aria-hidden="true" />
            {t.processNumber(process.id)} · {t.createdAt} {formatDate(process.created_at)}
          </p>
        </div>
        <ColorBadge color={processStatusColor(process.status)}>{processStatusLabel(process.status)}</ColorBadge>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm">{process.description?.trim() || t.noDescription}</p>
        <DocumentProgress processId={process.id} requests={requests} />
        <div className="flex flex-col gap-1 text-xs text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-4">
          <span className="flex items-center gap-1">
            <RefreshCw className="size-3.5" aria-hidden="true" />
            {t.updatedAt}: {formatDate(process.updated_at ?? process.created_at)}
          </span>
          {process.stage && <span>Estágio: {process.stage}</span>}
          {process.next_date && <span>Próxima data: {formatDate(process.next_date)}</span>}
        </div>
        <Link to={paths.portal.processo(process.id)} className="text-sm font-medium text-primary hover:underline">
          Ver detalhes
          <span className="sr-only"> do processo nº {process.id}</span>
        </Link>
      </CardContent>
    </Card>
  );
}

export default function PortalProcessosPage() {
  const clientId = useClientId();
  const { data: processes = [], isLoading } = useClientProcesses(clientId);
  const { data: requests = [] } = useDocumentRequests(clientId);

  return (
    <>
      <PageHeader title={t.processesTitle} description={t.processesDescription} />
      <Tabs defaultValue="all">
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => {
          const list = filterProcesses(processes, tab.value);
          return (
            <TabsContent key={tab.value} value={tab.value}>
              {isLoading ? (
                <CardSkeletons />
              ) : list.length === 0 ? (
                <EmptyState icon={FolderOpen} title={tab.emptyTitle} text={tab.emptyText} />
              ) : (
                <div className="grid gap-4">
                  {list.map((process) => (
                    <ProcessCard
                      key={process.id}
                      process={process}
                      requests={requests.filter((r) => r.process_id === process.id)}
                    />
                  ))}
                </div>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </>
  );
}
