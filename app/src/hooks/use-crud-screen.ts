/** State and handlers of a list screen's add/edit form and delete confirmation, with their toasts (finance, service). */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/errors';
import { fill } from '@/lib/strings';

interface Mutation<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

export interface CrudTexts {
  created: string;
  /** Optional description of the creation toast. */
  createdText?: string;
  updated: string;
  createError: string;
  updateError: string;
}

export interface DeleteTexts {
  deleted: string;
  /** Optional description of the deletion toast. */
  deletedText?: string;
  deleteError: string;
}

interface CrudOptions<I> {
  create: Mutation<I>;
  update: Mutation<{ id: string; input: I }>;
  /** Shows a failure (each screen words its error toast its own way). */
  fail: (text: string) => void;
}

/** A screen that deletes gives the delete mutation and its texts; one that cannot gives neither. */
type CrudScreenOptions<I> = CrudOptions<I> &
  ({ remove: Mutation<string>; texts: CrudTexts & DeleteTexts } | { remove?: undefined; texts: CrudTexts });

/** A toast with its optional description. */
function success(title: string, description?: string) {
  if (description) toast.success(title, { description });
  else toast.success(title);
}

export function useCrudScreen<T extends { id: string }, I>(options: CrudScreenOptions<I>) {
  const { create, update, texts, fail } = options;
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
        success(texts.created, texts.createdText);
      }
      setFormOpen(false);
      setEditing(null);
      return true;
    } catch (error) {
      fail(fill(editing ? texts.updateError : texts.createError, { message: errorMessage(error) }));
      return false;
    }
  };

  const onDelete = async () => {
    if (!deleting || !options.remove) return;
    try {
      await options.remove.mutateAsync(deleting.id);
      success(options.texts.deleted, options.texts.deletedText);
      setDeleting(null);
    } catch (error) {
      fail(fill(options.texts.deleteError, { message: errorMessage(error) }));
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
    /** Spread on ConfirmDialog (with the screen's title and description). */
    deleteProps: {
      open: deleting !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setDeleting(null);
      },
      pending: options.remove?.isPending ?? false,
      onConfirm: onDelete,
    },
  };
}
