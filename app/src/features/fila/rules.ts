/**
 * Where a case stands, in plain pt-BR: the Visa Bulletin position (current or not, distance to the cut-off),
 * the movement of the last 12 months and an estimate with its uncertainty, the USCIS status explained, the
 * processing time against the receipt date, and what the client must do now. Pure functions of
 * public.case_standing()'s answer, shared by the process page (staff) and the portal's card.
 */
import { differenceInCalendarDays, differenceInCalendarMonths } from 'date-fns';
import { formatDate, parseDate } from '@/lib/format';

export type Chart = 'final_action' | 'dates_for_filing';

export interface BulletinCell {
  cutoff: string;
  cutoff_date: string | null;
  current: boolean;
}

export interface BulletinPoint {
  month: string;
  cutoff: string;
  cutoff_date: string | null;
}

export interface CaseStanding {
  process_id: number;
  type: string;
  stage: string | null;
  priority_date: string | null;
  visa_category: string | null;
  bulletin_category: string | null;
  chargeability: string;
  bulletin: {
    month: string;
    uscis_chart: Chart;
    final_action: BulletinCell | null;
    dates_for_filing: BulletinCell | null;
    history: BulletinPoint[];
  } | null;
  uscis: { receipt_number: string; status: string; updated_at: string | null; is_demo: boolean } | null;
  processing_time: {
    form: string;
    office: string;
    min_months: number;
    max_months: number;
    published_on: string | null;
  } | null;
  uscis_form: string | null;
  uscis_office: string | null;
  receipt_date: string | null;
  next_event: { kind: 'appointment' | 'hearing'; at: string; title: string; location: string | null } | null;
  pending_documents: string[];
}

export const VISA_CATEGORIES: Readonly<Record<string, string>> = {
  F1: 'F1 — filhos solteiros de cidadãos americanos',
  F2A: 'F2A — cônjuges e filhos menores de residentes permanentes',
  F2B: 'F2B — filhos solteiros maiores de residentes permanentes',
  F3: 'F3 — filhos casados de cidadãos americanos',
  F4: 'F4 — irmãos de cidadãos americanos',
  EB1: 'EB-1 — trabalhadores prioritários',
  EB2: 'EB-2 — profissionais com pós-graduação ou habilidade excepcional',
  'EB2-NIW': 'EB-2 NIW — dispensa de oferta de emprego (conta como EB-2)',
  EB3: 'EB-3 — profissionais e trabalhadores qualificados',
  'EB3-OW': 'EB-3 — outros trabalhadores',
  EB4: 'EB-4 — imigrantes especiais',
  EB5: 'EB-5 — investidores',
};

export const CHARGEABILITY: Readonly<Record<string, string>> = {
  ALL: 'Todas as áreas (inclui o Brasil)',
  CHINA: 'China (nascidos no continente)',
  INDIA: 'Índia',
  MEXICO: 'México',
  PHILIPPINES: 'Filipinas',
};

export const CHART_LABEL: Readonly<Record<Chart, string>> = {
  final_action: 'Final Action Dates (datas de aprovação)',
  dates_for_filing: 'Dates for Filing (datas para dar entrada)',
};

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** '2025-10-01' -> 'outubro de 2025'. */
export function bulletinMonthLabel(month: string): string {
  const date = parseDate(month);
  return date ? `${MONTHS[date.getMonth()]} de ${date.getFullYear()}` : month;
}

/** A cut-off as people read it: a date (dd/MM/yyyy), "Em dia (C)" or "Indisponível (U)". */
export function cutoffLabel(cell: { cutoff: string; cutoff_date: string | null } | null): string {
  if (!cell) return '-';
  if (cell.cutoff === 'C') return 'Em dia (C)';
  if (cell.cutoff === 'U') return 'Indisponível (U)';
  return formatDate(cell.cutoff_date);
}

/** Days the cut-off still has to advance to pass the priority date (0 when current; null when unknown or U). */
export function daysToCutoff(priorityDate: string | null, cell: BulletinCell | null): number | null {
  if (!cell || !priorityDate) return null;
  if (cell.current) return 0;
  const priority = parseDate(priorityDate);
  const cutoff = parseDate(cell.cutoff_date);
  if (!priority || !cutoff) return null;
  return differenceInCalendarDays(priority, cutoff) + 1;
}

/** "3 anos e 2 meses", "5 meses", "12 dias": a span of days in words. */
export function spanLabel(days: number): string {
  if (days < 31) return `${days} ${days === 1 ? 'dia' : 'dias'}`;
  const months = Math.round(days / 30.44);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = years ? `${years} ${years === 1 ? 'ano' : 'anos'}` : '';
  const m = rest ? `${rest} ${rest === 1 ? 'mês' : 'meses'}` : '';
  return [y, m].filter(Boolean).join(' e ') || '1 mês';
}

export interface Movement {
  /** Average advance of the cut-off, days per month (negative: it went back). */
  daysPerMonth: number;
  /** Standard deviation of the monthly advance (days per month). */
  spread: number;
  /** How many month-to-month steps it rests on. */
  steps: number;
}

/** The monthly advance of the final action cut-off over the months given (dated cut-offs only). */
export function movement(history: readonly BulletinPoint[]): Movement | null {
  const dated = history
    .map((h) => ({ month: parseDate(h.month), cutoff: parseDate(h.cutoff_date) }))
    .filter((h): h is { month: Date; cutoff: Date } => h.month !== null && h.cutoff !== null)
    .sort((a, b) => a.month.getTime() - b.month.getTime());
  const rates: number[] = [];
  dated.forEach((point, i) => {
    const before = dated[i - 1];
    if (!before) return;
    const months = differenceInCalendarMonths(point.month, before.month);
    if (months > 0) rates.push(differenceInCalendarDays(point.cutoff, before.cutoff) / months);
  });
  if (rates.length === 0) return null;
  const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
  const variance = rates.reduce((a, b) => a + (b - mean) ** 2, 0) / rates.length;
  return { daysPerMonth: mean, spread: Math.sqrt(variance), steps: rates.length };
}

export type Estimate =
  | { kind: 'current' }
  | { kind: 'unavailable' }
  | { kind: 'unknown'; reason: string }
  | { kind: 'months'; likely: number; low: number; high: number | null; steps: number };

/**
 * When the cut-off should pass the priority date, if it keeps moving as in the last 12 months: the likely
 * number of months and a range (advance ± one standard deviation; no upper bound when the slow end stalls).
 */
export function estimate(standing: CaseStanding): Estimate {
  const cell = standing.bulletin?.final_action ?? null;
  if (cell?.current) return { kind: 'current' };
  if (cell?.cutoff === 'U') return { kind: 'unavailable' };
  const gap = daysToCutoff(standing.priority_date, cell);
  if (gap === null) return { kind: 'unknown', reason: 'Sem data de prioridade ou sem boletim para a categoria.' };
  const move = movement(standing.bulletin?.history ?? []);
  if (!move || move.steps < 2) {
    return { kind: 'unknown', reason: 'Poucos boletins importados para estimar (são precisos ao menos 3 meses).' };
  }
  if (move.daysPerMonth <= 0) {
    return { kind: 'unknown', reason: 'A data de corte não avançou nos últimos 12 meses: não há como estimar.' };
  }
  const fast = move.daysPerMonth + move.spread;
  const slow = move.daysPerMonth - move.spread;
  return {
    kind: 'months',
    likely: Math.ceil(gap / move.daysPerMonth),
    low: Math.ceil(gap / fast),
    high: slow > 0 ? Math.ceil(gap / slow) : null,
    steps: move.steps,
  };
}

export function estimateLabel(value: Estimate): string {
  switch (value.kind) {
    case 'current':
      return 'A data de prioridade já está em dia.';
    case 'unavailable':
      return 'Categoria sem vistos disponíveis neste mês (U): sem previsão.';
    case 'unknown':
      return value.reason;
    case 'months': {
      const range = value.high === null ? `${value.low} meses ou mais` : `entre ${value.low} e ${value.high} meses`;
      return `Cerca de ${value.likely} ${value.likely === 1 ? 'mês' : 'meses'} (${range}), se o boletim continuar avançando como nos últimos ${value.steps + 1} meses. É uma estimativa, não uma garantia.`;
    }
  }
}

/** The bulletin position in one sentence, for the client. */
export function positionLabel(standing: CaseStanding): string {
  const b = standing.bulletin;
  if (!standing.priority_date || !standing.visa_category) return 'Este processo não depende do Boletim de Vistos.';
  if (!b || !b.final_action) return 'Ainda não há Boletim de Vistos importado para a sua categoria.';
  const month = bulletinMonthLabel(b.month);
  if (b.final_action.current) {
    return `Sua data de prioridade (${formatDate(standing.priority_date)}) está em dia no Boletim de Vistos de ${month}.`;
  }
  if (b.final_action.cutoff === 'U')
    return `No Boletim de Vistos de ${month}, a sua categoria está sem vistos disponíveis.`;
  const gap = daysToCutoff(standing.priority_date, b.final_action) ?? 0;
  return `No Boletim de Vistos de ${month}, a fila da sua categoria está em ${cutoffLabel(b.final_action)}; sua data de prioridade é ${formatDate(standing.priority_date)}: faltam cerca de ${spanLabel(gap)} de avanço.`;
}

// --- USCIS status, explained -----------------------------------------------------------------------------------

const EXPLANATIONS: ReadonlyArray<[RegExp, string]> = [
  [/response to .*received|resposta recebida/i, 'O USCIS recebeu a resposta que enviamos e voltou a analisar o caso.'],
  [/card was delivered|cart[aã]o entregue/i, 'O cartão foi entregue pelo correio. O processo está concluído.'],
  [
    /card was (mailed|picked up)|cart[aã]o enviado/i,
    'O USCIS enviou o cartão pelo correio. Ele deve chegar em alguns dias.',
  ],
  [/card (is being|was) produced|cart[aã]o em produ/i, 'O pedido foi aprovado e o cartão está sendo produzido.'],
  [
    /intent to deny|inten[cç][aã]o de negar/i,
    'O USCIS avisou que pretende negar o pedido. Nossa equipe vai preparar a resposta com você.',
  ],
  [
    /request for (additional )?evidence|evid[eê]ncias \(rfe\)/i,
    'O USCIS pediu mais documentos ou provas. Nossa equipe vai orientar o que enviar e o prazo.',
  ],
  [/fingerprint|biometric|biometria/i, 'A coleta de biometria (digitais e foto) foi marcada ou feita.'],
  [/interview|entrevista/i, 'O USCIS marcou (ou fez) a entrevista do caso.'],
  [/approv|aprovado/i, 'O pedido foi aprovado.'],
  [/denied|negado/i, 'O pedido foi negado. Nossa equipe vai explicar as opções.'],
  [/rejected|rejeitado/i, 'O pedido foi devolvido sem análise. Nossa equipe vai verificar o motivo.'],
  [/withdraw|retirado/i, 'O pedido foi retirado.'],
  [/transferred|relocated|transferido/i, 'O caso foi transferido para outro escritório do USCIS, o que é comum.'],
  [/was received|caso recebido/i, 'O USCIS recebeu o pedido e abriu o processo. Agora ele aguarda análise.'],
  [/review|actively|em an[aá]lise/i, 'O pedido está em análise pelo USCIS.'],
];

/** A USCIS status (the English title or the office's pt-BR category) explained in plain Portuguese. */
export function explainUscisStatus(status: string | null | undefined): string | null {
  const text = (status ?? '').trim();
  if (!text) return null;
  const hit = EXPLANATIONS.find(([pattern]) => pattern.test(text));
  return hit ? hit[1] : 'O USCIS atualizou o caso. Nossa equipe acompanha e avisa se você precisar fazer algo.';
}

// --- processing time -------------------------------------------------------------------------------------------

export interface ProcessingVerdict {
  elapsedMonths: number;
  within: boolean;
  label: string;
}

/** Months since the receipt date against the published range: "dentro do prazo" / "acima do prazo". */
export function processingVerdict(standing: CaseStanding, today: Date = new Date()): ProcessingVerdict | null {
  const time = standing.processing_time;
  const received = parseDate(standing.receipt_date);
  if (!time || !received) return null;
  const elapsedMonths = Math.max(0, Math.round((differenceInCalendarDays(today, received) / 30.44) * 10) / 10);
  const within = elapsedMonths <= Number(time.max_months);
  return { elapsedMonths, within, label: within ? 'dentro do prazo' : 'acima do prazo' };
}

/** 'de 8,5 a 21 meses' (null without a processing time). */
export function processingSpan(standing: CaseStanding): string | null {
  const time = standing.processing_time;
  if (!time) return null;
  const min = Number(time.min_months).toLocaleString('pt-BR');
  const max = Number(time.max_months).toLocaleString('pt-BR');
  return `de ${min} a ${max} meses`;
}

/** 'I-485 em National Benefits Center: de 8,5 a 21 meses'. */
export function processingRangeLabel(standing: CaseStanding): string | null {
  const time = standing.processing_time;
  const span = processingSpan(standing);
  return time && span ? `${time.form} em ${time.office}: ${span}` : null;
}

// --- what the client must do now -------------------------------------------------------------------------------

export function nextStepLabel(standing: CaseStanding): string {
  if (standing.pending_documents.length > 0) {
    return `Enviar pelo portal: ${standing.pending_documents.join(', ')}.`;
  }
  const status = standing.uscis?.status ?? '';
  if (/request for (additional )?evidence|evid[eê]ncias \(rfe\)|intent to deny|inten[cç][aã]o de negar/i.test(status)) {
    return 'Aguardar o contato da equipe para responder ao USCIS no prazo.';
  }
  if (standing.next_event) {
    return `Comparecer: ${standing.next_event.title} em ${formatDate(standing.next_event.at)}.`;
  }
  if (standing.bulletin?.final_action?.current) {
    return 'Nada por enquanto: sua data está em dia e a equipe vai orientar os próximos passos.';
  }
  return 'Nada por enquanto: acompanhamos o caso e avisamos quando houver novidade.';
}
