/** The values of a dialog's form, started afresh each time the dialog opens (or opens on another record). */
import { useState } from 'react';

/**
 * `session` names what the dialog is showing: null while closed, a record's id (or 'new') while open.
 * When it changes to an open session the values restart from `initial()` and the problem clears; this is
 * React's "adjust state while rendering" pattern, so the first painted frame already holds the new values
 * (an effect would paint the old ones first, then render again).
 */
export function useDialogForm<T extends object, P = string>(session: string | null, initial: () => T) {
  const [values, setValues] = useState(initial);
  /** What is wrong with the values (a message, or one per field), null when nothing is. */
  const [problem, setProblem] = useState<P | null>(null);
  const [shown, setShown] = useState(session);
  if (session !== shown) {
    setShown(session);
    if (session !== null) {
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
