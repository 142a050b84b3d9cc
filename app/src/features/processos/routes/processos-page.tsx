/** /processos and /processos/avancado: processes, USCIS forms library, USCIS receipts, EOIR court cases. */
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { CourtsTab } from '../components/courts-tab';
import { ProcessFormDialog } from '../components/process-form-dialog';
import { ProcessesTab } from '../components/processes-tab';
import { ReceiptsTab } from '../components/receipts-tab';
import { processStrings as t } from '../strings';

/** `formsTab`: the USCIS forms library (Formulários), given by the route that composes the two features. */
export default function ProcessosPage({ formsTab }: { formsTab?: ReactNode }) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <ProcessFormDialog open={creating} onOpenChange={setCreating} onSaved={(id) => navigate(paths.processo(id))} />
      <PageHeader
        title={t.title}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t.newProcess}
          </Button>
        }
      />
      <Tabs defaultValue="processos">
        <TabsList>
          <TabsTrigger value="processos">{t.tabs.processos}</TabsTrigger>
          {formsTab && <TabsTrigger value="formularios">{t.tabs.formularios}</TabsTrigger>}
          <TabsTrigger value="recibos">{t.tabs.recibos}</TabsTrigger>
          <TabsTrigger value="courts">{t.tabs.courts}</TabsTrigger>
        </TabsList>
        <TabsContent value="processos">
          <ProcessesTab />
        </TabsContent>
        {formsTab && <TabsContent value="formularios">{formsTab}</TabsContent>}
        <TabsContent value="recibos">
          <ReceiptsTab />
        </TabsContent>
        <TabsContent value="courts">
          <CourtsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
