/** Calls to the status-check server functions with the signed-in user's access token. */
import { invokeFunction as invoke } from '@/lib/functions';
import type { CourtCase } from './types';

export { AuthRequiredError } from '@/lib/functions';

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
