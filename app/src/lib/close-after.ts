/** A dialog's save or delete: the success toast and the dialog closes, or the error toast and it stays open. */
import { toast } from '@/lib/toast';
import { errorMessage } from './errors';
import { fill } from './strings';

export async function closeAfter(
  action: () => Promise<unknown>,
  texts: { success: string; /** With a {message} placeholder. */ error: string },
  onOpenChange: (open: boolean) => void,
): Promise<boolean> {
  try {
    await action();
    toast.success(texts.success);
    onOpenChange(false);
    return true;
  } catch (error) {
    toast.error(fill(texts.error, { message: errorMessage(error) }));
    return false;
  }
}
