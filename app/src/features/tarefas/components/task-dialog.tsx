/** Create or edit a task; an existing task shows its comments and takes new ones. */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ClientPicker } from '@/components/client-picker';
import { PersonSelect } from '@/components/person-select';
import { ProcessPicker } from '@/components/process-picker';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LabelOptions, NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { nameOf, useStaffOptions } from '@/lib/people';
import { useAddComment, useDeleteTask, useSaveTask, type TaskRow } from '../api/mutations';
import { useTaskComments } from '../api/queries';
import type { Task } from '../lib/tasks';
import { tarefasStrings as t } from '../strings';
import { closeAfter } from '@/lib/close-after';
import { fill } from '@/lib/strings';
import { dialogSession, useDialogForm } from '@/hooks/use-dialog-form';

interface FormState {
  title: string;
  description: string;
  assignee_id: string;
  due_date: string;
  priority: Task['priority'];
  status: Task['status'];
  client_id: string;
  process_id: string;
}

function toForm(task: Task | null, assignee: string, client = ''): FormState {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    assignee_id: task?.assignee_id ?? assignee,
    due_date: task?.due_date ?? '',
    priority: task?.priority ?? 'media',
    status: task?.status ?? 'pendente',
    client_id: task?.client_id ?? client,
    process_id: task?.process_id ? String(task.process_id) : '',
  };
}

function toRow(form: FormState): TaskRow {
  return {
    title: form.title.trim(),
    description: form.description.trim() || null,
    assignee_id: form.assignee_id || null,
    due_date: form.due_date || null,
    priority: form.priority,
    status: form.status,
    client_id: form.client_id || null,
    process_id: form.process_id ? Number(form.process_id) : null,
  };
}

function Comments({ taskId }: { taskId: string }) {
  const comments = useTaskComments(taskId);
  const staff = useStaffOptions();
  const add = useAddComment(taskId);
  const [body, setBody] = useState('');
  async function submit() {
    if (!body.trim()) return;
    try {
      await add.mutateAsync(body.trim());
      setBody('');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <section aria-label={t.comments} className="flex flex-col gap-2 border-t pt-3">
      <h3 className="font-semibold">{t.comments}</h3>
      {(comments.data?.length ?? 0) === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noComments}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {comments.data!.map((c) => (
            <li key={c.id} className="rounded-md bg-muted p-2 text-sm">
              <p className="text-xs text-muted-foreground">
                {nameOf(staff.data, c.author_id)} · {formatDateTime(c.created_at)}
              </p>
              <p className="whitespace-pre-wrap">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Textarea
          rows={2}
          aria-label={t.commentPlaceholder}
          placeholder={t.commentPlaceholder}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="button" variant="secondary" onClick={submit} disabled={add.isPending || !body.trim()}>
          {t.addComment}
        </Button>
      </div>
    </section>
  );
}

export function TaskDialog({
  open,
  onOpenChange,
  task,
  defaultAssignee,
  defaultClient,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: Task | null;
  defaultAssignee: string;
  /** A new task from a client's page starts with that client. */
  defaultClient?: string;
}) {
  const {
    values: form,
    set,
    problem,
    setProblem,
  } = useDialogForm(dialogSession(open, task), () => toForm(task, defaultAssignee, defaultClient));
  const staff = useStaffOptions();
  const save = useSaveTask();
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (form.title.trim().length < 3) {
      setProblem(t.titleTooShort);
      return;
    }
    await closeAfter(
      () => save.mutateAsync(task ? { id: task.id, row: toRow(form) } : { id: null, row: toRow(form) }),
      { success: t.saved, error: t.saveError },
      onOpenChange,
    );
  }

  async function destroy() {
    if (!task) return;
    await closeAfter(() => remove.mutateAsync(task.id), { success: t.deleted, error: t.saveError }, onOpenChange);
  }

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={task ? t.editTask : t.newTask}
        description={t.description}
        pending={save.isPending}
        onSubmit={submit}
        className="max-w-xl"
        formClassName="grid gap-3 sm:grid-cols-2"
        cancel={false}
        actions={
          task && (
            <Button type="button" variant="destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              Excluir
            </Button>
          )
        }
        after={task && <Comments taskId={task.id} />}
      >
        <FormField label={t.fields.title} className="sm:col-span-2" error={problem ?? undefined}>
          <Input value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={200} />
        </FormField>
        <FormField label={t.fields.description} className="sm:col-span-2">
          <Textarea rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} />
        </FormField>
        <FormField label={t.fields.assignee}>
          <PersonSelect
            people={staff.data}
            emptyLabel={t.nobody}
            value={form.assignee_id}
            onValueChange={(id) => set('assignee_id', id)}
          />
        </FormField>
        <FormField label={t.fields.due}>
          <Input type="date" value={form.due_date} onChange={(e) => set('due_date', e.target.value)} />
        </FormField>
        <FormField label={t.fields.priority}>
          <NativeSelect value={form.priority} onChange={(e) => set('priority', e.target.value as Task['priority'])}>
            <LabelOptions labels={t.priorities} />
          </NativeSelect>
        </FormField>
        <FormField label={t.fields.status}>
          <NativeSelect value={form.status} onChange={(e) => set('status', e.target.value as Task['status'])}>
            <LabelOptions labels={t.statuses} />
          </NativeSelect>
        </FormField>
        <FormField label={t.fields.client}>
          <ClientPicker emptyLabel={t.none} value={form.client_id} onValueChange={(id) => set('client_id', id)} />
        </FormField>
        <FormField label={t.fields.process}>
          <ProcessPicker
            emptyLabel={t.none}
            clientId={form.client_id}
            value={form.process_id}
            onValueChange={(id) => set('process_id', id)}
          />
        </FormField>
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.deleteTitle}
        description={fill(t.deleteDescription, { title: task?.title ?? '' })}
        pending={remove.isPending}
        onConfirm={destroy}
      />
    </>
  );
}
