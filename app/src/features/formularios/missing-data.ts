/**
 * "Pedir ao cliente": the questionnaire answers a filled form lacked, as the client is asked for them. Only the
 * questionnaire's paths are the client's to answer (the office's and the attorney's data are the staff's); of a
 * repeated section (addresses, children...) only the first entry is asked: a later empty entry means the client
 * has no more of them.
 */
import { dataPathLabel } from './data-paths';

export interface FormGaps {
  formNumber: string;
  emptyFields: { dataPath: string }[];
}

export interface MissingAnswers {
  formNumber: string;
  labels: string[];
}

const ASKED = /^questionnaire\.[a-z_]+\.(?:0\.)?[a-z_]+$/;

export function missingAnswers(forms: readonly FormGaps[]): MissingAnswers[] {
  return forms
    .map((form) => ({
      formNumber: form.formNumber,
      labels: [
        ...new Set(form.emptyFields.filter((f) => ASKED.test(f.dataPath)).map((f) => dataPathLabel(f.dataPath))),
      ],
    }))
    .filter((form) => form.labels.length > 0);
}
