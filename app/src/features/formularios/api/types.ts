/** Rows and function answers of the forms feature (migration 20251125007000_forms.sql, functions/*-uscis-form). */
export type PdfFieldType = 'text' | 'checkbox' | 'radio' | 'choice' | 'signature' | 'button';

export interface PdfField {
  name: string;
  type: PdfFieldType;
  options: string[];
  label: string | null;
}

export interface FormEdition {
  id: number;
  form_id: number;
  edition_date: string;
  storage_path: string;
  fields: PdfField[];
  page_count: number | null;
  created_at: string;
}

export type Transform =
  | 'text'
  | 'upper'
  | 'date_mdy'
  | 'name_first'
  | 'name_middle'
  | 'name_last'
  | 'checkbox'
  | 'phone_us'
  | 'ssn'
  | 'a_number'
  | 'receipt'
  | 'digits'
  | 'street'
  | 'unit_number'
  | 'unit_is'
  | 'country_en'
  | 'count'
  | 'place_city'
  | 'place_country';

/** What import-uscis-form's pack (or the previous edition's mapping) mapped of an edition, and why the rest is not. */
export interface ImportCoverage {
  fields: number;
  mapped: number;
  version: number;
  pack: boolean;
  unmapped: { name: string; reason: string }[];
}

// a type, not an interface: the mapping's rows are sent as JSON (save_form_mapping's p_fields)
export type FieldMapping = {
  field_name: string;
  data_path: string;
  transform: Transform;
  transform_arg: string | null;
};

export type MappingRow = FieldMapping & {
  version: number;
  created_at: string;
};

export interface EmptyField {
  name: string;
  dataPath: string;
}

export interface FillResult {
  form: { id: number; number: string; name: string };
  edition: { id: number; edition_date: string; storage_path: string };
  mappingVersion: number;
  filledCount: number;
  emptyFields: EmptyField[];
  unmappedFields: string[];
  sample?: boolean;
  pdfBase64?: string;
  document?: { id: string; name: string; file_path: string; process_id: number; client_id: string; created_at: string };
  signedUrl?: string;
}

export type QuestionnaireStatus = 'rascunho' | 'enviado' | 'revisado';

export interface Questionnaire {
  id: string;
  client_id: string;
  answers: Record<string, unknown>;
  status: QuestionnaireStatus;
  submitted_at: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  updated_at: string;
}

/** A USCIS form of the library (uscis_forms): its edition check and whether the office downloaded it. */
export interface UscisForm {
  id: number;
  number: string;
  name: string;
  category: string;
  updated_at: string | null;
  /** who gave the edition date at the last check: the official page (http) or the demo list */
  edition_source?: 'demo' | 'http' | null;
  url: string | null;
  downloaded: boolean;
}

/** A process the office can fill a form for (it has a client). */
export interface FillableProcess {
  id: number;
  type: string;
  client_id: string;
  client_name: string | null;
  client: { full_name: string } | null;
}
