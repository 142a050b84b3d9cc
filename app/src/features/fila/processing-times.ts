/** USCIS processing times typed or imported by staff: a CSV (header form,office,form_category,min_months,
 * max_months,published_on; comma or semicolon, decimal comma accepted) or a JSON array of the same fields. */
import type { ProcessingTimeRow } from './api';

const FORM = /^[A-Z]{1,2}-[0-9]{1,4}[A-Z]?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class ProcessingTimesError extends Error {}

function number(value: unknown, line: number, field: string): number {
  const n =
    typeof value === 'number'
      ? value
      : Number(
          String(value ?? '')
            .trim()
            .replace(',', '.'),
        );
  if (!Number.isFinite(n) || n < 0 || n > 240) throw new ProcessingTimesError(`Linha ${line}: ${field} inválido`);
  return n;
}

/** One row checked: form like I-485, an office, 0 <= min <= max <= 240 months, an optional ISO date. */
export function processingTimeRow(raw: Record<string, unknown>, line: number): ProcessingTimeRow {
  const form = String(raw.form ?? '')
    .trim()
    .toUpperCase();
  const office = String(raw.office ?? '').trim();
  const category = String(raw.form_category ?? '').trim();
  const published = String(raw.published_on ?? '').trim();
  if (!FORM.test(form)) throw new ProcessingTimesError(`Linha ${line}: formulário inválido (ex.: I-485)`);
  if (office.length < 2 || office.length > 120) throw new ProcessingTimesError(`Linha ${line}: escritório inválido`);
  if (category.length > 160) throw new ProcessingTimesError(`Linha ${line}: categoria longa demais`);
  if (published && !DATE.test(published)) throw new ProcessingTimesError(`Linha ${line}: data inválida (AAAA-MM-DD)`);
  const min = number(raw.min_months, line, 'mínimo de meses');
  const max = number(raw.max_months, line, 'máximo de meses');
  if (max < min) throw new ProcessingTimesError(`Linha ${line}: o máximo é menor que o mínimo`);
  return {
    form,
    office,
    form_category: category,
    min_months: min,
    max_months: max,
    published_on: published || null,
    source: 'import',
  };
}

function splitCsvLine(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out.map((c) => c.trim());
}

/** The rows of a CSV or JSON file's text, or ProcessingTimesError (pt-BR, with the line). */
export function parseProcessingTimes(text: string): ProcessingTimeRow[] {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body) throw new ProcessingTimesError('Arquivo vazio');
  if (body.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new ProcessingTimesError('JSON inválido');
    }
    if (!Array.isArray(data)) throw new ProcessingTimesError('JSON deve ser uma lista de tempos');
    return data.map((item, i) => {
      if (!item || typeof item !== 'object') throw new ProcessingTimesError(`Item ${i + 1}: objeto esperado`);
      return processingTimeRow(item as Record<string, unknown>, i + 1);
    });
  }
  const lines = body.split(/\r?\n/).filter((l) => l.trim());
  const first = lines[0] ?? '';
  const separator = first.includes(';') ? ';' : ',';
  const header = splitCsvLine(first, separator).map((h) => h.toLowerCase());
  for (const needed of ['form', 'office', 'min_months', 'max_months']) {
    if (!header.includes(needed)) throw new ProcessingTimesError(`Cabeçalho sem a coluna ${needed}`);
  }
  return lines.slice(1).map((line, i) => {
    const cells = splitCsvLine(line, separator);
    return processingTimeRow(Object.fromEntries(header.map((h, j) => [h, cells[j] ?? ''])), i + 2);
  });
}
