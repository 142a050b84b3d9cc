/** Calls to the status-check server functions with the signed-in user's access token. */
import { supabase } from '@/lib/supabase';
import { errorMessage } from '@/lib/errors';
import type { CourtCase } from './types';

/** Thrown when there is no session (the screen shows the spec's "Authentication required..." toast). */
export class AuthRequiredError extends Error {
  constructor() {
    super('Authentication required');
    this.name = 'AuthRequiredError';
  }
}

/** The `error` field of a failed function's JSON body, else the error's own message. */
async function functionErrorText(error: unknown): Promise<string> {
  const context = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON: fall back to the error's message
    }
  }
  return errorMessage(error);
}

export async function invoke<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const { data: sessionData } = await supabase.auth.getSession();
  const token = sessionData.session?.access_token;
  if (!token) throw new AuthRequiredError();
  const { data, error } = await supabase.functions.invoke<T>(name, {
    body,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (error) throw new Error(await functionErrorText(error));
  return data as T;
}

export interface PacketForm {
  formNumber: string;
  filledCount: number;
  emptyFields: { name: string; dataPath: string }[];
  unmappedCount: number;
}

export interface PacketResponse {
  caseType: { id: string; label: string; forms: string | null } | null;
  forms: PacketForm[];
  skipped: { formNumber: string; reason: string }[];
  exhibits: number;
  packet: { id: string; name: string; file_path: string };
  signedUrl: string | null;
}

/** Preencher pacote: every form of the process's case type filled and joined (stored internal). */
export function fillPacket(processId: number): Promise<PacketResponse> {
  return invoke<PacketResponse>('fill-uscis-packet', { processId });
}

export interface ReceiptCheckResult {
  receiptNumber: string;
  status: string | null;
  details: string | null;
  changed: boolean;
  error: string | null;
}

export interface ReceiptCheckResponse {
  results?: ReceiptCheckResult[];
  checked?: number;
  failed?: number;
}

export function checkReceipts(receiptNumbers: string[]): Promise<ReceiptCheckResponse> {
  return invoke<ReceiptCheckResponse>('uscis-status-checker', { receiptNumbers });
}

export interface CourtCheckResponse {
  courtCase?: Partial<CourtCase> & { id?: string };
  changed?: boolean;
}

export function checkCourtCase(aNumber: string, processId: number): Promise<CourtCheckResponse> {
  return invoke<CourtCheckResponse>('eoir-court-checker', { aNumber, processId });
}

/** The first per-receipt error of a check answer, if any. */
export function firstReceiptError(response: ReceiptCheckResponse | null | undefined): string | null {
  return response?.results?.find((result) => result.error)?.error ?? null;
}
