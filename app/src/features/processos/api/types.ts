import type { HearingCourt } from '../lib/hearing';
/** Rows of the tables the processes screen reads (migrations: processes, case tracking). */
export interface ProcessRow {
  id: number;
  type: string;
  client_id: string | null;
  client_name: string | null;
  receipt_number: string | null;
  category: string | null;
  stage: string | null;
  status: string;
  last_update: string | null;
  next_date: string | null;
  case_type_id?: string | null;
  responsible_id?: string | null;
  description?: string | null;
  opened_at?: string | null;
  filed_at?: string | null;
  closed_at?: string | null;
  created_at?: string;
  client?: { id: string; full_name: string | null; email: string | null; phone: string | null } | null;
}

export interface CaseType {
  id: string;
  label: string;
  category: string;
  forms: string | null;
}

export interface StaffMember {
  id: string;
  full_name: string;
  email: string | null;
}

/** A row of workspace_timeline(). */
export type { TimelineEntry } from '@/types/timeline';

export interface ProcessStage {
  id: number;
  name: string;
  order_number: number;
}

export interface DocumentRequest {
  id: string;
  process_id: number;
  document_name: string;
  document_description: string | null;
  is_required: boolean;
  status: 'pending' | 'fulfilled';
  fulfilled_at: string | null;
  requested_at: string;
  created_at: string;
  position?: number;
  kind?: string;
  stage?: 'solicitado' | 'recebido' | 'apostilado' | 'traduzido' | 'pronto';
  needs_apostille?: boolean;
  needs_translation?: boolean;
  stage_changed_at?: string | null;
  review_status?: 'accepted' | 'rejected' | null;
  rejection_reason?: string | null;
  reviewed_at?: string | null;
}

export interface UscisReceipt {
  id: string;
  process_id: number;
  receipt_number: string;
  last_status: string | null;
  /** last_status came from a demo provider (never sent to the client) */
  last_status_is_demo?: boolean;
  last_checked_at: string | null;
  last_updated_at: string | null;
  next_action_date: string | null;
}

export interface UscisStatusHistory {
  id: string;
  receipt_id: string;
  status: string;
  details: string | null;
  is_demo?: boolean;
  updated_at: string;
}

export interface CourtCase {
  id: string;
  a_number: string;
  process_id: number;
  last_status: string | null;
  last_status_is_demo?: boolean;
  last_hearing_date: string | null;
  court_location: string | null;
  judge_name: string | null;
  last_checked_at: string | null;
  /** The court of court_location (eoir_courts), whose zone the hearing time is on. */
  eoir_courts?: HearingCourt | null;
}

export interface CourtHistory {
  id: string;
  court_case_id: string;
  status: string;
  details: string | null;
  is_demo?: boolean;
  hearing_date: string | null;
  court_location: string | null;
  judge_name: string | null;
  updated_at: string;
  eoir_courts?: HearingCourt | null;
}
