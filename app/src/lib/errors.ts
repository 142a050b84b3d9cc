/**
 * errorMessage(): the human text of anything thrown (PostgrestError, AuthError, Error, string), in Portuguese.
 *
 * The database's own refusals are written in Portuguese by the migrations (raise exception '...'); PostgreSQL's and
 * the browser's built-in ones are English ("new row violates row-level security policy", "duplicate key value",
 * "Failed to fetch"): those are put in words an office and its clients read. Anything else is shown as it came.
 */
const BUILT_IN: [RegExp, string][] = [
  [/row-level security|permission denied|insufficient.privilege/i, 'Você não tem permissão para fazer isso.'],
  [/duplicate key value|already exists/i, 'Já existe um registro com esses dados.'],
  [/violates foreign key constraint/i, 'Este registro está ligado a outros dados: não foi possível salvar ou excluir.'],
  [/violates not-null constraint/i, 'Preencha todos os campos obrigatórios.'],
  [/violates check constraint|invalid input (syntax|value)|out of range/i, 'Um dos valores informados não é válido.'],
  [/JWT expired|jwt expired|invalid JWT/i, 'Sua sessão expirou. Entre novamente.'],
  [
    /Failed to fetch|NetworkError|Load failed|network request failed/i,
    'Sem conexão com o servidor. Verifique a internet e tente novamente.',
  ],
];

export function errorMessage(error: unknown, fallback = 'Erro desconhecido'): string {
  let message = '';
  if (typeof error === 'string') message = error;
  else if (error && typeof error === 'object' && 'message' in error) {
    const value = (error as { message?: unknown }).message;
    if (typeof value === 'string') message = value;
  }
  if (!message) return fallback;
  return BUILT_IN.find(([pattern]) => pattern.test(message))?.[1] ?? message;
}
