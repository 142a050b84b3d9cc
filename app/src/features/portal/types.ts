/** Rows the portal reads (columns as the database returns them). */
/** A process of the client (public.processes through RLS: a client reads only its own). */
export interface ClientProcess {
  id: number;
  client_id: string;
  type: string;
  status: string;
  stage: string | null;
  description: string | null;
  next_date: string | null;
  created_at: string;
  updated_at: string | null;
}

/** A document the office asked for (the client answers it by uploading). */
export interface PortalDocumentRequest {
  id: string;
  process_id: number;
  document_name: string;
  document_description: string | null;
  is_required: boolean;
  status: 'pending' | 'fulfilled';
  requested_at: string;
  fulfilled_at: string | null;
  kind?: string;
  stage?: string;
  needs_apostille?: boolean;
  needs_translation?: boolean;
  review_status?: 'accepted' | 'rejected' | null;
  rejection_reason?: string | null;
  position?: number;
}

export interface ClientDocument {
  id: string;
  client_id: string;
  process_id: number | null;
  name: string;
  file_path: string;
  uploaded_by: 'client' | 'office';
  document_type: string | null;
  created_at: string;
}

/** The upload form's process options (the client's processes). */
export interface ProcessOption {
  id: number;
  type: string;
}
