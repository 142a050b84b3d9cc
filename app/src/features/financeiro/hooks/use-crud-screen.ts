/** State and handlers shared by the finance CRUD screens: add/edit form, delete confirmation and their toasts. */
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/errors';
import { withMessage } from '../strings';

interface Mutation<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

export interface CrudTexts {
  created: string;
  updated: string;
  deleted: string;
  /** Optional description of the deletion toast. */
  deletedText?: string;
  createError: string;
  updateError: string;
  deleteError: string;
}

export function useCrudScreen<T extends { id: string }, I>({
  create,
  update,
  remove,
  texts,
  fail,
}: {
  create: Mutation<I>;
  update: Mutation<{ id: string; input: I }>;
  remove: Mutation<string>;
  texts: CrudTexts;
  /** Shows a failure (each screen words its error toast its own way). */
  fail: (text: string) => void;
}) {
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const openForm = (record: T | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const onSubmit = async (input: I): Promise<boolean> => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input });
        toast.success(texts.updated);
      } else {
        await create.mutateAsync(input);
        toast.success(texts.created);
      }
      setFormOpen(false);
      setEditing(null);
      return true;
    } catch (error) {
      fail(withMessage(editing ? texts.updateError : texts.createError, errorMessage(error)));
      return false;
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      if (texts.deletedText) toast.success(texts.deleted, { description: texts.deletedText });
      else toast.success(texts.deleted);
      setDeleting(null);
    } catch (error) {
      fail(withMessage(texts.deleteError, errorMessage(error)));
    }
  };

  return {
    editing,
    deleting,
    openForm,
    askDelete: setDeleting,
    /** Spread on the screen's form dialog (with its record prop set to `editing`). */
    formProps: {
      open: formOpen,
      onOpenChange: (open: boolean) => {
        setFormOpen(open);
        if (!open) setEditing(null);
      },
      pending: create.isPending || update.isPending,
      onSubmit,
    },
    /** Spread on ConfirmDeleteDialog (with the screen's title and description). */
    deleteProps: {
      open: deleting !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setDeleting(null);
      },
      pending: remove.isPending,
      onConfirm: onDelete,
    },
  };
}
