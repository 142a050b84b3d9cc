/** Document requests (pure): kinds, steps and the progress of a process's checklist, as the database names them. */
export const DOCUMENT_KINDS = [
  'certidao_nascimento',
  'certidao_casamento',
  'certidao_antecedentes',
  'passaporte',
  'fotos',
  'i94',
  'imposto_renda',
  'documento_identidade',
  'documento_imigracao',
  'comprovante_financeiro',
  'evidencia_relacionamento',
  'diploma',
  'carta',
  'exame_medico',
  'outro',
] as const;

const KIND_LABELS: Record<string, string> = {
  certidao_nascimento: 'Certidão de nascimento',
  certidao_casamento: 'Certidão de casamento',
  certidao_antecedentes: 'Certidão de antecedentes',
  passaporte: 'Passaporte',
  fotos: 'Fotos',
  i94: 'I-94',
  imposto_renda: 'Imposto de renda',
  documento_identidade: 'Documento de identidade',
  documento_imigracao: 'Documento de imigração',
  comprovante_financeiro: 'Comprovante financeiro',
  evidencia_relacionamento: 'Provas do relacionamento',
  diploma: 'Diploma',
  carta: 'Carta',
  exame_medico: 'Exame médico',
  outro: 'Outro',
};

export function documentKindLabel(kind: string | null | undefined): string {
  return (kind && KIND_LABELS[kind]) || 'Outro';
}

export type DocumentStage = 'solicitado' | 'recebido' | 'apostilado' | 'traduzido' | 'pronto';

const STAGE_LABELS: Record<DocumentStage, string> = {
  solicitado: 'Solicitado',
  recebido: 'Recebido',
  apostilado: 'Apostilado',
  traduzido: 'Traduzido',
  pronto: 'Pronto',
};

export function documentStageLabel(stage: string | null | undefined): string {
  return STAGE_LABELS[stage as DocumentStage] ?? 'Solicitado';
}

/** The steps of one request in order (apostilado and traduzido only when it needs them), as the database. */
export function documentStages(request: { needs_apostille?: boolean; needs_translation?: boolean }): DocumentStage[] {
  return (['solicitado', 'recebido', 'apostilado', 'traduzido', 'pronto'] as const).filter(
    (stage) =>
      (stage !== 'apostilado' || request.needs_apostille === true) &&
      (stage !== 'traduzido' || request.needs_translation === true),
  );
}

/** The next and the previous step of a request (null at either end). */
export function neighbourStages(request: {
  stage?: string | null;
  needs_apostille?: boolean;
  needs_translation?: boolean;
}): { next: DocumentStage | null; previous: DocumentStage | null } {
  const stages = documentStages(request);
  const at = stages.indexOf((request.stage ?? 'solicitado') as DocumentStage);
  return { next: at >= 0 ? (stages[at + 1] ?? null) : null, previous: at > 0 ? (stages[at - 1] ?? null) : null };
}

export interface ProgressInput {
  status: string;
  is_required: boolean;
  review_status?: string | null;
}

/** How far a process's documents are: the required ones received (fulfilled) out of all required ones. */
export function documentProgress(requests: ProgressInput[]): { done: number; total: number; percent: number } {
  const required = requests.filter((r) => r.is_required);
  const done = required.filter((r) => r.status === 'fulfilled').length;
  const total = required.length;
  return { done, total, percent: total === 0 ? 100 : Math.round((done / total) * 100) };
}
