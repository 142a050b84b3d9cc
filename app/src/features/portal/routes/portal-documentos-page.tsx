import { Download, FileText, Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { downloadStoredFile } from '@/lib/storage';
import { formatDate } from '@/lib/format';
import { useClientDocuments, useClientId } from '../api/queries';
import { CardSkeletons, EmptyState } from '@/components/portal-cards';
import { UploadDocumentDialog } from '../components/upload-document-dialog';
import { documentTypeLabel, downloadName, filterDocuments, uploaderLabel, type DocumentTab } from '../rules/documents';
import { portalStrings as t } from '../strings';
import type { ClientDocument } from '../types';

const TABS: { value: DocumentTab; label: string; emptyTitle: string; emptyText: string }[] = [
  { value: 'all', label: t.tabAllDocuments, emptyTitle: t.emptyAllDocsTitle, emptyText: t.emptyAllDocsText },
  {
    value: 'office',
    label: t.tabOfficeDocuments,
    emptyTitle: t.emptyOfficeDocsTitle,
    emptyText: t.emptyOfficeDocsText,
  },
  { value: 'mine', label: t.tabMyUploads, emptyTitle: t.emptyMyUploadsTitle, emptyText: t.emptyMyUploadsText },
];

export function DocumentRow({ document }: { document: ClientDocument }) {
  const [downloading, setDownloading] = useState(false);
  const type = documentTypeLabel(document.document_type);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStoredFile(document.file_path, downloadName(document));
    } catch (error) {
      console.error(t.downloadError, error);
      toast.error(t.downloadError);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li>
      <Card
        className="flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
        data-testid="document-row"
      >
        <div className="flex min-w-0 items-start gap-3">
          <FileText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <p className="font-medium break-words">{document.name}</p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <span>{formatDate(document.created_at)}</span>
              <span>
                {t.sentBy}: {uploaderLabel(document.uploaded_by)}
              </span>
              <Badge variant="secondary">{type ?? t.noType}</Badge>
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void download()}
          disabled={downloading}
          aria-label={`${t.download}: ${document.name}`}
          className="self-start sm:self-center"
        >
          <Download aria-hidden="true" />
          {t.download}
        </Button>
      </Card>
    </li>
  );
}

export default function PortalDocumentosPage() {
  const clientId = useClientId();
  const { data: documents = [], isLoading } = useClientDocuments(clientId);
  const [uploadOpen, setUploadOpen] = useState(false);

  return (
    <>
      <PageHeader
        title={t.documentsTitle}
        description={t.documentsDescription}
        actions={
          <Button onClick={() => setUploadOpen(true)} disabled={!clientId}>
            <Upload aria-hidden="true" />
            {t.uploadButton}
          </Button>
        }
      />
      <Tabs defaultValue="all">
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => {
          const list = filterDocuments(documents, tab.value);
          return (
            <TabsContent key={tab.value} value={tab.value}>
              {isLoading ? (
                <CardSkeletons />
              ) : list.length === 0 ? (
                <EmptyState icon={FileText} title={tab.emptyTitle} text={tab.emptyText} />
              ) : (
                <ul className="grid gap-3" aria-label={tab.label}>
                  {list.map((document) => (
                    <DocumentRow key={document.id} document={document} />
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
      {clientId && <UploadDocumentDialog clientId={clientId} open={uploadOpen} onOpenChange={setUploadOpen} />}
    </>
  );
}
