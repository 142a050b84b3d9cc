/** Form values that restart from their source each time a dialog opens (or what it shows changes). */
import { useState } from 'react';

/**
 * `session` names what the form is showing: null (or undefined) while there is nothing to show, else a
 * value compared with Object.is, e.g. a record's id (or 'new') while its dialog is open, or the loaded row
 * itself. When it changes to a non-null value the values restart from `initial()` and the problem clears;
 * this is React's "adjust state while rendering" pattern, so the first painted frame already holds the new
 * values (an effect would paint the old ones first, then render again).
 */
export function useDialogForm<T extends object, P = string>(session: unknown, initial: () => T) {
  const [values, setValues] = useState(initial);
  /** What is wrong with the values (a message, or one per field), null when nothing is. */
  const [problem, setProblem] = useState<P | null>(null);
  const [shown, setShown] = useState(session);
  if (!Object.is(session, shown)) {
    setShown(session);
    if (session !== null && session !== undefined) {
      setValues(initial());
      setProblem(null);
    }
  }
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((current) => ({ ...current, [key]: value }));
  return { values, setValues, set, problem, setProblem };
}

/** The session of a dialog that edits `record` (or creates one when it is null). */
export function dialogSession(open: boolean, record: { id: string | number } | null | undefined): string | null {
  return open ? String(record?.id ?? 'new') : null;
}
