/** /clientes/:clientId: the client page with its documents, Nova Tarefa (Tarefas) and Novo Processo (Processos). */
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import ClientePage from '@/features/clientes/routes/cliente-page';
import { DocumentsPanel, ProcessFormDialog } from '@/features/processos';
import { TaskDialog } from '@/features/tarefas';
import { useAuth } from '@/lib/auth-context';

export default function ClienteRoute() {
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <ClientePage
      documents={(clientId) => <DocumentsPanel clientId={clientId} />}
      taskDialog={({ open, onOpenChange, clientId }) => (
        <TaskDialog
          open={open}
          onOpenChange={onOpenChange}
          task={null}
          defaultAssignee={user?.id ?? ''}
          defaultClient={clientId}
        />
      )}
      processDialog={({ open, onOpenChange, clientId }) => (
        <ProcessFormDialog
          open={open}
          onOpenChange={onOpenChange}
          clientId={clientId}
          onSaved={(id) => navigate(paths.processo(id))}
        />
      )}
    />
  );
}
