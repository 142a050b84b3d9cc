export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      appointments: {
        Row: {
          id: string;
          client_id: string | null;
          staff_id: string | null;
          process_id: number | null;
          title: string | null;
          starts_at: string;
          duration_minutes: number;
          kind: string;
          location: string | null;
          meeting_link: string | null;
          status: string;
          notes: string | null;
          source: string | null;
          source_ref: string | null;
          reminded_24h_at: string | null;
          reminded_1h_at: string | null;
          created_by: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          client_id?: string | null;
          staff_id?: string | null;
          process_id?: number | null;
          title?: string | null;
          starts_at: string;
          duration_minutes?: number;
          kind?: string;
          location?: string | null;
          meeting_link?: string | null;
          status?: string;
          notes?: string | null;
          source?: string | null;
          source_ref?: string | null;
          reminded_24h_at?: string | null;
          reminded_1h_at?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          client_id?: string | null;
          staff_id?: string | null;
          process_id?: number | null;
          title?: string | null;
          starts_at?: string;
          duration_minutes?: number;
          kind?: string;
          location?: string | null;
          meeting_link?: string | null;
          status?: string;
          notes?: string | null;
          source?: string | null;
          source_ref?: string | null;
          reminded_24h_at?: string | null;
          reminded_1h_at?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'appointments_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'appointments_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      calendar_feeds: {
        Row: {
          user_id: string;
          token_hash: string;
          created_at: string;
        };
        Insert: {
          user_id: string;
          token_hash: string;
          created_at?: string;
        };
        Update: {
          user_id?: string;
          token_hash?: string;
          created_at?: string;
        };
        Relationships: [];
      };
      case_types: {
        Row: {
          id: string;
          label: string;
          category: string;
          forms: string | null;
          sort_order: number;
          is_active: boolean;
          created_at: string;
        };
        Insert: {
          id: string;
          label: string;
          category: string;
          forms?: string | null;
          sort_order?: number;
          is_active?: boolean;
          created_at?: string;
        };
        Update: {
          id?: string;
          label?: string;
          category?: string;
          forms?: string | null;
          sort_order?: number;
          is_active?: boolean;
          created_at?: string;
        };
        Relationships: [];
      };
      client_channel_consents: {
        Row: {
          client_id: string;
          channel: string;
          granted: boolean;
          phone: string | null;
          granted_at: string | null;
          revoked_at: string | null;
          updated_at: string;
        };
        Insert: {
          client_id: string;
          channel: string;
          granted: boolean;
          phone?: string | null;
          granted_at?: string | null;
          revoked_at?: string | null;
          updated_at?: string;
        };
        Update: {
          client_id?: string;
          channel?: string;
          granted?: boolean;
          phone?: string | null;
          granted_at?: string | null;
          revoked_at?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'client_channel_consents_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      client_consents: {
        Row: {
          id: string;
          client_id: string;
          document_id: string;
          kind: string;
          version: string;
          accepted_at: string;
          ip: string | null;
          user_agent: string | null;
        };
        Insert: {
          id?: string;
          client_id: string;
          document_id: string;
          kind?: string;
          version?: string;
          accepted_at?: string;
          ip?: string | null;
          user_agent?: string | null;
        };
        Update: {
          id?: string;
          client_id?: string;
          document_id?: string;
          kind?: string;
          version?: string;
          accepted_at?: string;
          ip?: string | null;
          user_agent?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'client_consents_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'client_consents_document_id_fkey';
            columns: ['document_id'];
            isOneToOne: false;
            referencedRelation: 'legal_documents';
            referencedColumns: ['id'];
          },
        ];
      };
      client_documents: {
        Row: {
          id: string;
          client_id: string;
          process_id: number | null;
          name: string;
          file_path: string;
          uploaded_by: string;
          uploader_id: string | null;
          document_type: string | null;
          created_at: string;
          document_request_id: string | null;
          shared_with_client: boolean;
        };
        Insert: {
          id?: string;
          client_id: string;
          process_id?: number | null;
          name: string;
          file_path: string;
          uploaded_by: string;
          uploader_id?: string | null;
          document_type?: string | null;
          created_at?: string;
          document_request_id?: string | null;
          shared_with_client?: boolean;
        };
        Update: {
          id?: string;
          client_id?: string;
          process_id?: number | null;
          name?: string;
          file_path?: string;
          uploaded_by?: string;
          uploader_id?: string | null;
          document_type?: string | null;
          created_at?: string;
          document_request_id?: string | null;
          shared_with_client?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'client_documents_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'client_documents_document_request_id_fkey';
            columns: ['document_request_id'];
            isOneToOne: false;
            referencedRelation: 'document_requests';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'client_documents_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      client_questionnaires: {
        Row: {
          id: string;
          client_id: string;
          answers: Json;
          status: string;
          submitted_at: string | null;
          reviewed_by: string | null;
          reviewed_at: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          client_id: string;
          answers?: Json;
          status?: string;
          submitted_at?: string | null;
          reviewed_by?: string | null;
          reviewed_at?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          client_id?: string;
          answers?: Json;
          status?: string;
          submitted_at?: string | null;
          reviewed_by?: string | null;
          reviewed_at?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'client_questionnaires_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: true;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      client_record_changes: {
        Row: {
          id: number;
          client_id: string;
          changed_by: string | null;
          changed_at: string;
          field: string;
          old_value: string | null;
          new_value: string | null;
        };
        Insert: {
          id?: number;
          client_id: string;
          changed_by?: string | null;
          changed_at?: string;
          field: string;
          old_value?: string | null;
          new_value?: string | null;
        };
        Update: {
          id?: number;
          client_id?: string;
          changed_by?: string | null;
          changed_at?: string;
          field?: string;
          old_value?: string | null;
          new_value?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'client_record_changes_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      clients: {
        Row: {
          id: string;
          user_id: string | null;
          full_name: string;
          email: string;
          phone: string | null;
          address: string | null;
          created_at: string;
          updated_at: string;
          principal_client_id: string | null;
          relationship: string | null;
          a_number: string | null;
          date_of_birth: string | null;
          nationality: string | null;
          passport_number: string | null;
          passport_expires_on: string | null;
          ead_expires_on: string | null;
        };
        Insert: {
          id?: string;
          user_id?: string | null;
          full_name: string;
          email: string;
          phone?: string | null;
          address?: string | null;
          created_at?: string;
          updated_at?: string;
          principal_client_id?: string | null;
          relationship?: string | null;
          a_number?: string | null;
          date_of_birth?: string | null;
          nationality?: string | null;
          passport_number?: string | null;
          passport_expires_on?: string | null;
          ead_expires_on?: string | null;
        };
        Update: {
          id?: string;
          user_id?: string | null;
          full_name?: string;
          email?: string;
          phone?: string | null;
          address?: string | null;
          created_at?: string;
          updated_at?: string;
          principal_client_id?: string | null;
          relationship?: string | null;
          a_number?: string | null;
          date_of_birth?: string | null;
          nationality?: string | null;
          passport_number?: string | null;
          passport_expires_on?: string | null;
          ead_expires_on?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'clients_principal_client_id_fkey';
            columns: ['principal_client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      contract_signing_codes: {
        Row: {
          id: string;
          contract_id: string;
          client_id: string;
          code_hash: string;
          channel: string;
          expires_at: string;
          attempts: number;
          used_at: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          contract_id: string;
          client_id: string;
          code_hash: string;
          channel?: string;
          expires_at: string;
          attempts?: number;
          used_at?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          contract_id?: string;
          client_id?: string;
          code_hash?: string;
          channel?: string;
          expires_at?: string;
          attempts?: number;
          used_at?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'contract_signing_codes_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'contract_signing_codes_contract_id_fkey';
            columns: ['contract_id'];
            isOneToOne: false;
            referencedRelation: 'financial_contracts';
            referencedColumns: ['id'];
          },
        ];
      };
      contract_template_clauses: {
        Row: {
          id: string;
          template_id: string;
          case_type_id: string | null;
          title: string;
          body: string;
          position: number;
          created_at: string;
        };
        Insert: {
          id?: string;
          template_id: string;
          case_type_id?: string | null;
          title: string;
          body: string;
          position?: number;
          created_at?: string;
        };
        Update: {
          id?: string;
          template_id?: string;
          case_type_id?: string | null;
          title?: string;
          body?: string;
          position?: number;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'contract_template_clauses_template_id_fkey';
            columns: ['template_id'];
            isOneToOne: false;
            referencedRelation: 'contract_templates';
            referencedColumns: ['id'];
          },
        ];
      };
      contract_templates: {
        Row: {
          id: string;
          name: string;
          language: string;
          body: string;
          is_default: boolean;
          created_at: string;
          updated_at: string;
          updated_by: string | null;
          active: boolean;
        };
        Insert: {
          id?: string;
          name: string;
          language?: string;
          body: string;
          is_default?: boolean;
          created_at?: string;
          updated_at?: string;
          updated_by?: string | null;
          active?: boolean;
        };
        Update: {
          id?: string;
          name?: string;
          language?: string;
          body?: string;
          is_default?: boolean;
          created_at?: string;
          updated_at?: string;
          updated_by?: string | null;
          active?: boolean;
        };
        Relationships: [];
      };
      conversation_unread: {
        Row: {
          client_id: string;
          n: number;
        };
        Insert: {
          client_id: string;
          n?: number;
        };
        Update: {
          client_id?: string;
          n?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'conversation_unread_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: true;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      conversations: {
        Row: {
          client_id: string;
          assigned_to: string | null;
          resolved_at: string | null;
          resolved_by: string | null;
          whatsapp_last_inbound_at: string | null;
          updated_at: string;
          last_message_at: string | null;
        };
        Insert: {
          client_id: string;
          assigned_to?: string | null;
          resolved_at?: string | null;
          resolved_by?: string | null;
          whatsapp_last_inbound_at?: string | null;
          updated_at?: string;
          last_message_at?: string | null;
        };
        Update: {
          client_id?: string;
          assigned_to?: string | null;
          resolved_at?: string | null;
          resolved_by?: string | null;
          whatsapp_last_inbound_at?: string | null;
          updated_at?: string;
          last_message_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'conversations_assigned_to_fkey';
            columns: ['assigned_to'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'conversations_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: true;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'conversations_resolved_by_fkey';
            columns: ['resolved_by'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      data_deletion_requests: {
        Row: {
          id: string;
          client_id: string | null;
          requested_by: string | null;
          reason: string | null;
          status: string;
          created_at: string;
          reviewed_by: string | null;
          reviewed_at: string | null;
          review_note: string | null;
          certificate: Json | null;
        };
        Insert: {
          id?: string;
          client_id?: string | null;
          requested_by?: string | null;
          reason?: string | null;
          status?: string;
          created_at?: string;
          reviewed_by?: string | null;
          reviewed_at?: string | null;
          review_note?: string | null;
          certificate?: Json | null;
        };
        Update: {
          id?: string;
          client_id?: string | null;
          requested_by?: string | null;
          reason?: string | null;
          status?: string;
          created_at?: string;
          reviewed_by?: string | null;
          reviewed_at?: string | null;
          review_note?: string | null;
          certificate?: Json | null;
        };
        Relationships: [
          {
            foreignKeyName: 'data_deletion_requests_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      data_export_jobs: {
        Row: {
          id: string;
          client_id: string;
          requested_by: string | null;
          status: string;
          progress: number;
          object_path: string | null;
          size_bytes: number | null;
          error: string | null;
          created_at: string;
          finished_at: string | null;
          expires_at: string | null;
          delivered_at: string | null;
          deliveries: number;
          attempts: number;
          lease_until: string | null;
          next_attempt_at: string;
        };
        Insert: {
          id?: string;
          client_id: string;
          requested_by?: string | null;
          status?: string;
          progress?: number;
          object_path?: string | null;
          size_bytes?: number | null;
          error?: string | null;
          created_at?: string;
          finished_at?: string | null;
          expires_at?: string | null;
          delivered_at?: string | null;
          deliveries?: number;
          attempts?: number;
          lease_until?: string | null;
          next_attempt_at?: string;
        };
        Update: {
          id?: string;
          client_id?: string;
          requested_by?: string | null;
          status?: string;
          progress?: number;
          object_path?: string | null;
          size_bytes?: number | null;
          error?: string | null;
          created_at?: string;
          finished_at?: string | null;
          expires_at?: string | null;
          delivered_at?: string | null;
          deliveries?: number;
          attempts?: number;
          lease_until?: string | null;
          next_attempt_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'data_export_jobs_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      document_checklists: {
        Row: {
          id: string;
          case_type_id: string;
          position: number;
          document_name: string;
          explanation: string | null;
          is_required: boolean;
          kind: string;
          needs_apostille: boolean;
          needs_translation: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          case_type_id: string;
          position?: number;
          document_name: string;
          explanation?: string | null;
          is_required?: boolean;
          kind?: string;
          needs_apostille?: boolean;
          needs_translation?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          case_type_id?: string;
          position?: number;
          document_name?: string;
          explanation?: string | null;
          is_required?: boolean;
          kind?: string;
          needs_apostille?: boolean;
          needs_translation?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'document_checklists_case_type_id_fkey';
            columns: ['case_type_id'];
            isOneToOne: false;
            referencedRelation: 'case_types';
            referencedColumns: ['id'];
          },
        ];
      };
      document_request_events: {
        Row: {
          id: number;
          request_id: string;
          kind: string;
          to_value: string | null;
          reason: string | null;
          actor_id: string | null;
          actor_name: string | null;
          created_at: string;
        };
        Insert: {
          id?: number;
          request_id: string;
          kind: string;
          to_value?: string | null;
          reason?: string | null;
          actor_id?: string | null;
          actor_name?: string | null;
          created_at?: string;
        };
        Update: {
          id?: number;
          request_id?: string;
          kind?: string;
          to_value?: string | null;
          reason?: string | null;
          actor_id?: string | null;
          actor_name?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'document_request_events_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: false;
            referencedRelation: 'document_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      document_requests: {
        Row: {
          id: string;
          process_id: number;
          document_name: string;
          document_description: string | null;
          is_required: boolean;
          status: string;
          fulfilled_at: string | null;
          requested_at: string;
          created_at: string;
          updated_at: string;
          checklist_item_id: string | null;
          position: number;
          kind: string;
          needs_apostille: boolean;
          needs_translation: boolean;
          stage: string;
          stage_changed_at: string | null;
          stage_changed_by: string | null;
          review_status: string | null;
          rejection_reason: string | null;
          reviewed_at: string | null;
          reviewed_by: string | null;
        };
        Insert: {
          id?: string;
          process_id: number;
          document_name: string;
          document_description?: string | null;
          is_required?: boolean;
          status?: string;
          fulfilled_at?: string | null;
          requested_at?: string;
          created_at?: string;
          updated_at?: string;
          checklist_item_id?: string | null;
          position?: number;
          kind?: string;
          needs_apostille?: boolean;
          needs_translation?: boolean;
          stage?: string;
          stage_changed_at?: string | null;
          stage_changed_by?: string | null;
          review_status?: string | null;
          rejection_reason?: string | null;
          reviewed_at?: string | null;
          reviewed_by?: string | null;
        };
        Update: {
          id?: string;
          process_id?: number;
          document_name?: string;
          document_description?: string | null;
          is_required?: boolean;
          status?: string;
          fulfilled_at?: string | null;
          requested_at?: string;
          created_at?: string;
          updated_at?: string;
          checklist_item_id?: string | null;
          position?: number;
          kind?: string;
          needs_apostille?: boolean;
          needs_translation?: boolean;
          stage?: string;
          stage_changed_at?: string | null;
          stage_changed_by?: string | null;
          review_status?: string | null;
          rejection_reason?: string | null;
          reviewed_at?: string | null;
          reviewed_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'document_requests_checklist_item_id_fkey';
            columns: ['checklist_item_id'];
            isOneToOne: false;
            referencedRelation: 'document_checklists';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'document_requests_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      eoir_court_cases: {
        Row: {
          id: string;
          a_number: string;
          process_id: number;
          last_status: string | null;
          last_hearing_date: string | null;
          court_location: string | null;
          judge_name: string | null;
          last_checked_at: string | null;
          created_by: string | null;
          created_at: string;
          updated_at: string;
          last_status_is_demo: boolean;
          court_id: number | null;
        };
        Insert: {
          id?: string;
          a_number: string;
          process_id: number;
          last_status?: string | null;
          last_hearing_date?: string | null;
          court_location?: string | null;
          judge_name?: string | null;
          last_checked_at?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
          last_status_is_demo?: boolean;
          court_id?: number | null;
        };
        Update: {
          id?: string;
          a_number?: string;
          process_id?: number;
          last_status?: string | null;
          last_hearing_date?: string | null;
          court_location?: string | null;
          judge_name?: string | null;
          last_checked_at?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
          last_status_is_demo?: boolean;
          court_id?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'eoir_court_cases_court_id_fkey';
            columns: ['court_id'];
            isOneToOne: false;
            referencedRelation: 'eoir_courts';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'eoir_court_cases_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      eoir_court_history: {
        Row: {
          id: string;
          court_case_id: string;
          status: string;
          details: string | null;
          hearing_date: string | null;
          court_location: string | null;
          judge_name: string | null;
          updated_at: string;
          is_demo: boolean;
          court_id: number | null;
        };
        Insert: {
          id?: string;
          court_case_id: string;
          status: string;
          details?: string | null;
          hearing_date?: string | null;
          court_location?: string | null;
          judge_name?: string | null;
          updated_at?: string;
          is_demo?: boolean;
          court_id?: number | null;
        };
        Update: {
          id?: string;
          court_case_id?: string;
          status?: string;
          details?: string | null;
          hearing_date?: string | null;
          court_location?: string | null;
          judge_name?: string | null;
          updated_at?: string;
          is_demo?: boolean;
          court_id?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'eoir_court_history_court_case_id_fkey';
            columns: ['court_case_id'];
            isOneToOne: false;
            referencedRelation: 'eoir_court_cases';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'eoir_court_history_court_id_fkey';
            columns: ['court_id'];
            isOneToOne: false;
            referencedRelation: 'eoir_courts';
            referencedColumns: ['id'];
          },
        ];
      };
      eoir_courts: {
        Row: {
          id: number;
          city: string;
          state: string;
          time_zone: string;
          zone_label: string;
        };
        Insert: {
          id?: number;
          city: string;
          state: string;
          time_zone: string;
          zone_label: string;
        };
        Update: {
          id?: number;
          city?: string;
          state?: string;
          time_zone?: string;
          zone_label?: string;
        };
        Relationships: [];
      };
      exchange_rates: {
        Row: {
          id: number;
          base_currency: string;
          quote_currency: string;
          rate: number;
          rate_date: string;
          source: string;
          created_at: string;
        };
        Insert: {
          id?: number;
          base_currency?: string;
          quote_currency?: string;
          rate: number;
          rate_date: string;
          source?: string;
          created_at?: string;
        };
        Update: {
          id?: number;
          base_currency?: string;
          quote_currency?: string;
          rate?: number;
          rate_date?: string;
          source?: string;
          created_at?: string;
        };
        Relationships: [];
      };
      financial_commission_rules: {
        Row: {
          id: string;
          staff_id: string;
          percentage: number;
          is_active: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          staff_id: string;
          percentage: number;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          staff_id?: string;
          percentage?: number;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      financial_commissions: {
        Row: {
          id: string;
          staff_id: string;
          payment_id: string;
          contract_id: string | null;
          client_id: string | null;
          base_amount: number;
          percentage: number;
          amount: number;
          currency: string;
          period_month: string;
          status: string;
          paid_at: string | null;
          paid_by: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          staff_id: string;
          payment_id: string;
          contract_id?: string | null;
          client_id?: string | null;
          base_amount: number;
          percentage: number;
          amount: number;
          currency: string;
          period_month: string;
          status?: string;
          paid_at?: string | null;
          paid_by?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          staff_id?: string;
          payment_id?: string;
          contract_id?: string | null;
          client_id?: string | null;
          base_amount?: number;
          percentage?: number;
          amount?: number;
          currency?: string;
          period_month?: string;
          status?: string;
          paid_at?: string | null;
          paid_by?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_commissions_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_commissions_contract_id_fkey';
            columns: ['contract_id'];
            isOneToOne: false;
            referencedRelation: 'financial_contracts';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_commissions_payment_id_fkey';
            columns: ['payment_id'];
            isOneToOne: true;
            referencedRelation: 'financial_payments';
            referencedColumns: ['id'];
          },
        ];
      };
      financial_contracts: {
        Row: {
          id: string;
          client_id: string;
          title: string;
          contract_number: string;
          status: string;
          total_amount: number;
          payment_terms: string | null;
          start_date: string | null;
          end_date: string | null;
          notes: string | null;
          created_at: string;
          updated_at: string;
          currency: string;
          quote_id: string | null;
          process_id: number | null;
          sales_staff_id: string | null;
          down_payment: number;
          installment_count: number;
          exchange_rate: number | null;
          exchange_rate_date: string | null;
          signature_status: string;
          template_id: string | null;
          language: string;
          document_text: string | null;
          document_sha256: string | null;
          sent_at: string | null;
          sent_by: string | null;
          signed_at: string | null;
          signed_by_name: string | null;
          signature_evidence: Json | null;
          client_signed_sha256: string | null;
          countersigned_at: string | null;
          countersigned_by: string | null;
          countersigned_by_name: string | null;
          final_sha256: string | null;
          amends_contract_id: string | null;
        };
        Insert: {
          id?: string;
          client_id: string;
          title: string;
          contract_number?: string;
          status?: string;
          total_amount: number;
          payment_terms?: string | null;
          start_date?: string | null;
          end_date?: string | null;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
          currency?: string;
          quote_id?: string | null;
          process_id?: number | null;
          sales_staff_id?: string | null;
          down_payment?: number;
          installment_count?: number;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          signature_status?: string;
          template_id?: string | null;
          language?: string;
          document_text?: string | null;
          document_sha256?: string | null;
          sent_at?: string | null;
          sent_by?: string | null;
          signed_at?: string | null;
          signed_by_name?: string | null;
          signature_evidence?: Json | null;
          client_signed_sha256?: string | null;
          countersigned_at?: string | null;
          countersigned_by?: string | null;
          countersigned_by_name?: string | null;
          final_sha256?: string | null;
          amends_contract_id?: string | null;
        };
        Update: {
          id?: string;
          client_id?: string;
          title?: string;
          contract_number?: string;
          status?: string;
          total_amount?: number;
          payment_terms?: string | null;
          start_date?: string | null;
          end_date?: string | null;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
          currency?: string;
          quote_id?: string | null;
          process_id?: number | null;
          sales_staff_id?: string | null;
          down_payment?: number;
          installment_count?: number;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          signature_status?: string;
          template_id?: string | null;
          language?: string;
          document_text?: string | null;
          document_sha256?: string | null;
          sent_at?: string | null;
          sent_by?: string | null;
          signed_at?: string | null;
          signed_by_name?: string | null;
          signature_evidence?: Json | null;
          client_signed_sha256?: string | null;
          countersigned_at?: string | null;
          countersigned_by?: string | null;
          countersigned_by_name?: string | null;
          final_sha256?: string | null;
          amends_contract_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_contracts_amends_fkey';
            columns: ['amends_contract_id', 'client_id'];
            isOneToOne: false;
            referencedRelation: 'financial_contracts';
            referencedColumns: ['id', 'client_id'];
          },
          {
            foreignKeyName: 'financial_contracts_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_contracts_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_contracts_quote_id_fkey';
            columns: ['quote_id'];
            isOneToOne: true;
            referencedRelation: 'financial_quotes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_contracts_template_id_fkey';
            columns: ['template_id'];
            isOneToOne: false;
            referencedRelation: 'contract_templates';
            referencedColumns: ['id'];
          },
        ];
      };
      financial_expense_categories: {
        Row: {
          id: string;
          name: string;
          created_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          created_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          created_at?: string;
        };
        Relationships: [];
      };
      financial_expenses: {
        Row: {
          id: string;
          description: string;
          amount: number;
          due_date: string;
          category_id: string | null;
          is_paid: boolean;
          payment_date: string | null;
          payment_method: string | null;
          notes: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          description: string;
          amount: number;
          due_date?: string;
          category_id?: string | null;
          is_paid?: boolean;
          payment_date?: string | null;
          payment_method?: string | null;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          description?: string;
          amount?: number;
          due_date?: string;
          category_id?: string | null;
          is_paid?: boolean;
          payment_date?: string | null;
          payment_method?: string | null;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_expenses_category_id_fkey';
            columns: ['category_id'];
            isOneToOne: false;
            referencedRelation: 'financial_expense_categories';
            referencedColumns: ['id'];
          },
        ];
      };
      financial_installments: {
        Row: {
          id: string;
          contract_id: string;
          client_id: string;
          number: number;
          due_date: string;
          amount: number;
          currency: string;
          paid_amount: number;
          status: string;
          paid_at: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          contract_id: string;
          client_id: string;
          number: number;
          due_date: string;
          amount: number;
          currency?: string;
          paid_amount?: number;
          status?: string;
          paid_at?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          contract_id?: string;
          client_id?: string;
          number?: number;
          due_date?: string;
          amount?: number;
          currency?: string;
          paid_amount?: number;
          status?: string;
          paid_at?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_installments_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_installments_contract_id_client_id_fkey';
            columns: ['contract_id', 'client_id'];
            isOneToOne: false;
            referencedRelation: 'financial_contracts';
            referencedColumns: ['id', 'client_id'];
          },
        ];
      };
      financial_payments: {
        Row: {
          id: string;
          client_id: string;
          contract_id: string | null;
          amount: number;
          payment_date: string | null;
          payment_method: string | null;
          status: string;
          notes: string | null;
          created_at: string;
          updated_at: string;
          installment_id: string | null;
          currency: string;
          exchange_rate: number | null;
          exchange_rate_date: string | null;
          receipt_number: string | null;
          recorded_by: string | null;
          amount_brl: number | null;
          provider: string | null;
          provider_payment_id: string | null;
          provider_session_id: string | null;
          refunded_amount: number;
          refunded_at: string | null;
          dispute_status: string | null;
          disputed_at: string | null;
        };
        Insert: {
          id?: string;
          client_id: string;
          contract_id?: string | null;
          amount: number;
          payment_date?: string | null;
          payment_method?: string | null;
          status?: string;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
          installment_id?: string | null;
          currency?: string;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          receipt_number?: string | null;
          recorded_by?: string | null;
          amount_brl?: never;
          provider?: string | null;
          provider_payment_id?: string | null;
          provider_session_id?: string | null;
          refunded_amount?: number;
          refunded_at?: string | null;
          dispute_status?: string | null;
          disputed_at?: string | null;
        };
        Update: {
          id?: string;
          client_id?: string;
          contract_id?: string | null;
          amount?: number;
          payment_date?: string | null;
          payment_method?: string | null;
          status?: string;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
          installment_id?: string | null;
          currency?: string;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          receipt_number?: string | null;
          recorded_by?: string | null;
          amount_brl?: never;
          provider?: string | null;
          provider_payment_id?: string | null;
          provider_session_id?: string | null;
          refunded_amount?: number;
          refunded_at?: string | null;
          dispute_status?: string | null;
          disputed_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_payments_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_payments_contract_id_client_id_fkey';
            columns: ['contract_id', 'client_id'];
            isOneToOne: false;
            referencedRelation: 'financial_contracts';
            referencedColumns: ['id', 'client_id'];
          },
          {
            foreignKeyName: 'financial_payments_installment_fk';
            columns: ['installment_id', 'client_id'];
            isOneToOne: false;
            referencedRelation: 'financial_installments';
            referencedColumns: ['id', 'client_id'];
          },
        ];
      };
      financial_products: {
        Row: {
          id: string;
          name: string;
          description: string | null;
          price: number;
          category: string;
          is_active: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          description?: string | null;
          price: number;
          category: string;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          description?: string | null;
          price?: number;
          category?: string;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      financial_quote_items: {
        Row: {
          id: string;
          quote_id: string;
          position: number;
          kind: string;
          product_id: string | null;
          uscis_fee_id: string | null;
          description: string;
          quantity: number;
          unit_price: number;
          discount_amount: number;
          amount: number | null;
          created_at: string;
          discount_percent: number | null;
        };
        Insert: {
          id?: string;
          quote_id: string;
          position?: number;
          kind?: string;
          product_id?: string | null;
          uscis_fee_id?: string | null;
          description: string;
          quantity?: number;
          unit_price?: number;
          discount_amount?: number;
          amount?: never;
          created_at?: string;
          discount_percent?: number | null;
        };
        Update: {
          id?: string;
          quote_id?: string;
          position?: number;
          kind?: string;
          product_id?: string | null;
          uscis_fee_id?: string | null;
          description?: string;
          quantity?: number;
          unit_price?: number;
          discount_amount?: number;
          amount?: never;
          created_at?: string;
          discount_percent?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_quote_items_product_id_fkey';
            columns: ['product_id'];
            isOneToOne: false;
            referencedRelation: 'financial_products';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_quote_items_quote_id_fkey';
            columns: ['quote_id'];
            isOneToOne: false;
            referencedRelation: 'financial_quotes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'financial_quote_items_uscis_fee_id_fkey';
            columns: ['uscis_fee_id'];
            isOneToOne: false;
            referencedRelation: 'financial_uscis_fees';
            referencedColumns: ['id'];
          },
        ];
      };
      financial_quotes: {
        Row: {
          id: string;
          client_id: string;
          title: string;
          quote_number: string;
          status: string;
          total_amount: number;
          expiration_date: string | null;
          notes: string | null;
          created_at: string;
          updated_at: string;
          currency: string;
          subtotal_amount: number;
          discount_amount: number;
          exchange_rate: number | null;
          exchange_rate_date: string | null;
          fees_date: string;
          sales_staff_id: string | null;
          created_by: string | null;
          sent_at: string | null;
          decided_at: string | null;
          decided_by: string | null;
          total_brl: number | null;
          discount_percent: number | null;
          seller_id: string | null;
        };
        Insert: {
          id?: string;
          client_id: string;
          title: string;
          quote_number?: string;
          status?: string;
          total_amount?: number;
          expiration_date?: string | null;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
          currency?: string;
          subtotal_amount?: number;
          discount_amount?: number;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          fees_date?: string;
          sales_staff_id?: string | null;
          created_by?: string | null;
          sent_at?: string | null;
          decided_at?: string | null;
          decided_by?: string | null;
          total_brl?: never;
          discount_percent?: number | null;
          seller_id?: string | null;
        };
        Update: {
          id?: string;
          client_id?: string;
          title?: string;
          quote_number?: string;
          status?: string;
          total_amount?: number;
          expiration_date?: string | null;
          notes?: string | null;
          created_at?: string;
          updated_at?: string;
          currency?: string;
          subtotal_amount?: number;
          discount_amount?: number;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          fees_date?: string;
          sales_staff_id?: string | null;
          created_by?: string | null;
          sent_at?: string | null;
          decided_at?: string | null;
          decided_by?: string | null;
          total_brl?: never;
          discount_percent?: number | null;
          seller_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'financial_quotes_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      financial_uscis_fees: {
        Row: {
          id: string;
          form_code: string;
          form_name: string;
          fee_amount: number;
          category: string | null;
          description: string | null;
          valid_from: string;
          valid_until: string | null;
          is_active: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          form_code: string;
          form_name: string;
          fee_amount: number;
          category?: string | null;
          description?: string | null;
          valid_from?: string;
          valid_until?: string | null;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          form_code?: string;
          form_name?: string;
          fee_amount?: number;
          category?: string | null;
          description?: string | null;
          valid_from?: string;
          valid_until?: string | null;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      interactions: {
        Row: {
          id: string;
          client_id: string;
          process_id: number | null;
          type: string;
          content: string;
          contact_date: string;
          duration_minutes: number | null;
          status: string;
          created_by: string | null;
          created_by_name: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          client_id: string;
          process_id?: number | null;
          type: string;
          content: string;
          contact_date?: string;
          duration_minutes?: number | null;
          status?: string;
          created_by?: string | null;
          created_by_name?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          client_id?: string;
          process_id?: number | null;
          type?: string;
          content?: string;
          contact_date?: string;
          duration_minutes?: number | null;
          status?: string;
          created_by?: string | null;
          created_by_name?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'interactions_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'interactions_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      lead_activities: {
        Row: {
          id: string;
          lead_id: string;
          kind: string;
          body: string;
          author_id: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          lead_id: string;
          kind?: string;
          body: string;
          author_id?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          lead_id?: string;
          kind?: string;
          body?: string;
          author_id?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'lead_activities_lead_id_fkey';
            columns: ['lead_id'];
            isOneToOne: false;
            referencedRelation: 'leads';
            referencedColumns: ['id'];
          },
        ];
      };
      leads: {
        Row: {
          id: string;
          name: string;
          email: string | null;
          phone: string | null;
          source: string;
          case_type_interest: string | null;
          stage: string;
          owner_id: string | null;
          notes: string | null;
          client_id: string | null;
          stage_changed_at: string;
          converted_at: string | null;
          created_by: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          email?: string | null;
          phone?: string | null;
          source?: string;
          case_type_interest?: string | null;
          stage?: string;
          owner_id?: string | null;
          notes?: string | null;
          client_id?: string | null;
          stage_changed_at?: string;
          converted_at?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          email?: string | null;
          phone?: string | null;
          source?: string;
          case_type_interest?: string | null;
          stage?: string;
          owner_id?: string | null;
          notes?: string | null;
          client_id?: string | null;
          stage_changed_at?: string;
          converted_at?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'leads_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      legal_documents: {
        Row: {
          id: string;
          kind: string;
          version: string;
          title: string;
          body: string;
          published_at: string;
          published_by: string | null;
          withdrawn_at: string | null;
        };
        Insert: {
          id?: string;
          kind: string;
          version: string;
          title: string;
          body: string;
          published_at?: string;
          published_by?: string | null;
          withdrawn_at?: string | null;
        };
        Update: {
          id?: string;
          kind?: string;
          version?: string;
          title?: string;
          body?: string;
          published_at?: string;
          published_by?: string | null;
          withdrawn_at?: string | null;
        };
        Relationships: [];
      };
      messages: {
        Row: {
          id: string;
          client_id: string;
          sender_type: string;
          sender_id: string | null;
          content: string | null;
          attachment_url: string | null;
          created_at: string;
          read_at: string | null;
          channel: string;
          whatsapp_message_id: string | null;
          media_type: string | null;
          document_id: string | null;
          delivery_id: string | null;
          delivery_status: string | null;
        };
        Insert: {
          id?: string;
          client_id: string;
          sender_type: string;
          sender_id?: string | null;
          content?: string | null;
          attachment_url?: string | null;
          created_at?: string;
          read_at?: string | null;
          channel?: string;
          whatsapp_message_id?: string | null;
          media_type?: string | null;
          document_id?: string | null;
          delivery_id?: string | null;
          delivery_status?: string | null;
        };
        Update: {
          id?: string;
          client_id?: string;
          sender_type?: string;
          sender_id?: string | null;
          content?: string | null;
          attachment_url?: string | null;
          created_at?: string;
          read_at?: string | null;
          channel?: string;
          whatsapp_message_id?: string | null;
          media_type?: string | null;
          document_id?: string | null;
          delivery_id?: string | null;
          delivery_status?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'messages_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'messages_delivery_id_fkey';
            columns: ['delivery_id'];
            isOneToOne: false;
            referencedRelation: 'notification_deliveries';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'messages_document_id_fkey';
            columns: ['document_id'];
            isOneToOne: false;
            referencedRelation: 'client_documents';
            referencedColumns: ['id'];
          },
        ];
      };
      notification_deliveries: {
        Row: {
          id: string;
          notification_id: string | null;
          user_id: string | null;
          channel: string;
          recipient: string;
          template: string;
          payload: Json;
          status: string;
          attempts: number;
          next_attempt_at: string;
          lease_until: string | null;
          provider_message_id: string | null;
          provider_status: string | null;
          provider_status_at: string | null;
          idempotency_key: string;
          last_error: string | null;
          created_at: string;
          sent_at: string | null;
        };
        Insert: {
          id?: string;
          notification_id?: string | null;
          user_id?: string | null;
          channel: string;
          recipient: string;
          template: string;
          payload?: Json;
          status?: string;
          attempts?: number;
          next_attempt_at?: string;
          lease_until?: string | null;
          provider_message_id?: string | null;
          provider_status?: string | null;
          provider_status_at?: string | null;
          idempotency_key: string;
          last_error?: string | null;
          created_at?: string;
          sent_at?: string | null;
        };
        Update: {
          id?: string;
          notification_id?: string | null;
          user_id?: string | null;
          channel?: string;
          recipient?: string;
          template?: string;
          payload?: Json;
          status?: string;
          attempts?: number;
          next_attempt_at?: string;
          lease_until?: string | null;
          provider_message_id?: string | null;
          provider_status?: string | null;
          provider_status_at?: string | null;
          idempotency_key?: string;
          last_error?: string | null;
          created_at?: string;
          sent_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'notification_deliveries_notification_id_fkey';
            columns: ['notification_id'];
            isOneToOne: false;
            referencedRelation: 'notifications';
            referencedColumns: ['id'];
          },
        ];
      };
      notifications: {
        Row: {
          id: string;
          user_id: string;
          kind: string;
          title: string;
          body: string | null;
          link: string | null;
          client_id: string | null;
          process_id: number | null;
          created_at: string;
          read_at: string | null;
          idempotency_key: string | null;
        };
        Insert: {
          id?: string;
          user_id: string;
          kind: string;
          title: string;
          body?: string | null;
          link?: string | null;
          client_id?: string | null;
          process_id?: number | null;
          created_at?: string;
          read_at?: string | null;
          idempotency_key?: string | null;
        };
        Update: {
          id?: string;
          user_id?: string;
          kind?: string;
          title?: string;
          body?: string | null;
          link?: string | null;
          client_id?: string | null;
          process_id?: number | null;
          created_at?: string;
          read_at?: string | null;
          idempotency_key?: string | null;
        };
        Relationships: [];
      };
      office_settings: {
        Row: {
          id: boolean;
          office_name: string;
          logo_path: string | null;
          business_hours: Json;
          time_zone: string;
          notification_templates: Json;
          hearing_prep_days: number;
          rfe_response_days: number;
          biometrics_lead_days: number;
          updated_at: string;
          updated_by: string | null;
          require_staff_mfa: boolean;
          office_street: string | null;
          office_suite: string | null;
          office_city: string | null;
          office_state: string | null;
          office_zip: string | null;
          office_phone: string | null;
          office_email: string | null;
          office_website: string | null;
          attorney_name: string | null;
          attorney_bar_number: string | null;
          attorney_bar_state: string | null;
          attorney_licensing_authority: string | null;
          attorney_eoir_id: string | null;
          attorney_email: string | null;
          attorney_phone: string | null;
          attorney_mobile: string | null;
          attorney_fax: string | null;
          packet_cover_letter: string | null;
          document_expiry_alert_days: number;
          translation_certification_template: string;
          retention_process_years: number;
          retention_financial_years: number;
          retention_document_years: number;
          contract_reminder_days: number;
          contract_reminder_max: number;
        };
        Insert: {
          id?: boolean;
          office_name?: string;
          logo_path?: string | null;
          business_hours?: Json;
          time_zone?: string;
          notification_templates?: Json;
          hearing_prep_days?: number;
          rfe_response_days?: number;
          biometrics_lead_days?: number;
          updated_at?: string;
          updated_by?: string | null;
          require_staff_mfa?: boolean;
          office_street?: string | null;
          office_suite?: string | null;
          office_city?: string | null;
          office_state?: string | null;
          office_zip?: string | null;
          office_phone?: string | null;
          office_email?: string | null;
          office_website?: string | null;
          attorney_name?: string | null;
          attorney_bar_number?: string | null;
          attorney_bar_state?: string | null;
          attorney_licensing_authority?: string | null;
          attorney_eoir_id?: string | null;
          attorney_email?: string | null;
          attorney_phone?: string | null;
          attorney_mobile?: string | null;
          attorney_fax?: string | null;
          packet_cover_letter?: string | null;
          document_expiry_alert_days?: number;
          translation_certification_template?: string;
          retention_process_years?: number;
          retention_financial_years?: number;
          retention_document_years?: number;
          contract_reminder_days?: number;
          contract_reminder_max?: number;
        };
        Update: {
          id?: boolean;
          office_name?: string;
          logo_path?: string | null;
          business_hours?: Json;
          time_zone?: string;
          notification_templates?: Json;
          hearing_prep_days?: number;
          rfe_response_days?: number;
          biometrics_lead_days?: number;
          updated_at?: string;
          updated_by?: string | null;
          require_staff_mfa?: boolean;
          office_street?: string | null;
          office_suite?: string | null;
          office_city?: string | null;
          office_state?: string | null;
          office_zip?: string | null;
          office_phone?: string | null;
          office_email?: string | null;
          office_website?: string | null;
          attorney_name?: string | null;
          attorney_bar_number?: string | null;
          attorney_bar_state?: string | null;
          attorney_licensing_authority?: string | null;
          attorney_eoir_id?: string | null;
          attorney_email?: string | null;
          attorney_phone?: string | null;
          attorney_mobile?: string | null;
          attorney_fax?: string | null;
          packet_cover_letter?: string | null;
          document_expiry_alert_days?: number;
          translation_certification_template?: string;
          retention_process_years?: number;
          retention_financial_years?: number;
          retention_document_years?: number;
          contract_reminder_days?: number;
          contract_reminder_max?: number;
        };
        Relationships: [];
      };
      payment_checkouts: {
        Row: {
          id: string;
          installment_id: string;
          client_id: string;
          session_id: string;
          amount: number;
          surcharge: number;
          currency: string;
          status: string;
          payment_intent: string | null;
          payment_id: string | null;
          created_by: string | null;
          created_at: string;
          completed_at: string | null;
        };
        Insert: {
          id?: string;
          installment_id: string;
          client_id: string;
          session_id: string;
          amount: number;
          surcharge?: number;
          currency: string;
          status?: string;
          payment_intent?: string | null;
          payment_id?: string | null;
          created_by?: string | null;
          created_at?: string;
          completed_at?: string | null;
        };
        Update: {
          id?: string;
          installment_id?: string;
          client_id?: string;
          session_id?: string;
          amount?: number;
          surcharge?: number;
          currency?: string;
          status?: string;
          payment_intent?: string | null;
          payment_id?: string | null;
          created_by?: string | null;
          created_at?: string;
          completed_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'payment_checkouts_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payment_checkouts_installment_id_client_id_fkey';
            columns: ['installment_id', 'client_id'];
            isOneToOne: false;
            referencedRelation: 'financial_installments';
            referencedColumns: ['id', 'client_id'];
          },
          {
            foreignKeyName: 'payment_checkouts_payment_id_fkey';
            columns: ['payment_id'];
            isOneToOne: false;
            referencedRelation: 'financial_payments';
            referencedColumns: ['id'];
          },
        ];
      };
      payment_events: {
        Row: {
          id: string;
          provider: string;
          type: string;
          object_id: string | null;
          created: string;
          payload: Json;
          received_at: string;
          processed_at: string | null;
          outcome: string | null;
        };
        Insert: {
          id: string;
          provider?: string;
          type: string;
          object_id?: string | null;
          created: string;
          payload: Json;
          received_at?: string;
          processed_at?: string | null;
          outcome?: string | null;
        };
        Update: {
          id?: string;
          provider?: string;
          type?: string;
          object_id?: string | null;
          created?: string;
          payload?: Json;
          received_at?: string;
          processed_at?: string | null;
          outcome?: string | null;
        };
        Relationships: [];
      };
      pix_charges: {
        Row: {
          id: string;
          installment_id: string;
          client_id: string;
          txid: string;
          amount: number;
          currency: string;
          amount_brl: number;
          exchange_rate: number | null;
          exchange_rate_date: string | null;
          br_code: string;
          status: string;
          payment_id: string | null;
          confirmed_by: string | null;
          confirmed_at: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          installment_id: string;
          client_id: string;
          txid: string;
          amount: number;
          currency: string;
          amount_brl: number;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          br_code: string;
          status?: string;
          payment_id?: string | null;
          confirmed_by?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          installment_id?: string;
          client_id?: string;
          txid?: string;
          amount?: number;
          currency?: string;
          amount_brl?: number;
          exchange_rate?: number | null;
          exchange_rate_date?: string | null;
          br_code?: string;
          status?: string;
          payment_id?: string | null;
          confirmed_by?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'pix_charges_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pix_charges_installment_id_client_id_fkey';
            columns: ['installment_id', 'client_id'];
            isOneToOne: false;
            referencedRelation: 'financial_installments';
            referencedColumns: ['id', 'client_id'];
          },
          {
            foreignKeyName: 'pix_charges_payment_id_fkey';
            columns: ['payment_id'];
            isOneToOne: false;
            referencedRelation: 'financial_payments';
            referencedColumns: ['id'];
          },
        ];
      };
      process_events: {
        Row: {
          id: string;
          process_id: number;
          kind: string;
          from_value: string | null;
          to_value: string | null;
          actor_id: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          process_id: number;
          kind: string;
          from_value?: string | null;
          to_value?: string | null;
          actor_id?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          process_id?: number;
          kind?: string;
          from_value?: string | null;
          to_value?: string | null;
          actor_id?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'process_events_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      process_notifications: {
        Row: {
          id: string;
          process_id: number;
          notification_type: string;
          notification_channel: string;
          content: string;
          recipient: string | null;
          status: string;
          sent_at: string | null;
          created_by: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          process_id: number;
          notification_type: string;
          notification_channel?: string;
          content: string;
          recipient?: string | null;
          status?: string;
          sent_at?: string | null;
          created_by?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          process_id?: number;
          notification_type?: string;
          notification_channel?: string;
          content?: string;
          recipient?: string | null;
          status?: string;
          sent_at?: string | null;
          created_by?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'process_notifications_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      process_stages: {
        Row: {
          id: number;
          name: string;
          order_number: number;
          created_at: string;
        };
        Insert: {
          id?: number;
          name: string;
          order_number: number;
          created_at?: string;
        };
        Update: {
          id?: number;
          name?: string;
          order_number?: number;
          created_at?: string;
        };
        Relationships: [];
      };
      processes: {
        Row: {
          id: number;
          type: string;
          client_id: string | null;
          client_name: string | null;
          receipt_number: string | null;
          category: string | null;
          stage: string | null;
          status: string;
          last_update: string;
          next_date: string | null;
          created_at: string;
          updated_at: string;
          case_type_id: string | null;
          responsible_id: string | null;
          description: string | null;
          opened_at: string;
          filed_at: string | null;
          closed_at: string | null;
          priority_date: string | null;
          visa_category: string | null;
          chargeability: string;
          uscis_form: string | null;
          uscis_office: string | null;
          receipt_date: string | null;
        };
        Insert: {
          id?: number;
          type?: string;
          client_id?: string | null;
          client_name?: string | null;
          receipt_number?: string | null;
          category?: string | null;
          stage?: string | null;
          status?: string;
          last_update?: string;
          next_date?: string | null;
          created_at?: string;
          updated_at?: string;
          case_type_id?: string | null;
          responsible_id?: string | null;
          description?: string | null;
          opened_at?: string;
          filed_at?: string | null;
          closed_at?: string | null;
          priority_date?: string | null;
          visa_category?: string | null;
          chargeability?: string;
          uscis_form?: string | null;
          uscis_office?: string | null;
          receipt_date?: string | null;
        };
        Update: {
          id?: number;
          type?: string;
          client_id?: string | null;
          client_name?: string | null;
          receipt_number?: string | null;
          category?: string | null;
          stage?: string | null;
          status?: string;
          last_update?: string;
          next_date?: string | null;
          created_at?: string;
          updated_at?: string;
          case_type_id?: string | null;
          responsible_id?: string | null;
          description?: string | null;
          opened_at?: string;
          filed_at?: string | null;
          closed_at?: string | null;
          priority_date?: string | null;
          visa_category?: string | null;
          chargeability?: string;
          uscis_form?: string | null;
          uscis_office?: string | null;
          receipt_date?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'processes_case_type_id_fkey';
            columns: ['case_type_id'];
            isOneToOne: false;
            referencedRelation: 'case_types';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'processes_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
        ];
      };
      profiles: {
        Row: {
          id: string;
          email: string | null;
          full_name: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id: string;
          email?: string | null;
          full_name?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          email?: string | null;
          full_name?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      system_settings: {
        Row: {
          key: string;
          value: Json;
          updated_at: string;
          updated_by: string | null;
        };
        Insert: {
          key: string;
          value: Json;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          key?: string;
          value?: Json;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [];
      };
      task_comments: {
        Row: {
          id: string;
          task_id: string;
          author_id: string | null;
          body: string;
          created_at: string;
        };
        Insert: {
          id?: string;
          task_id: string;
          author_id?: string | null;
          body: string;
          created_at?: string;
        };
        Update: {
          id?: string;
          task_id?: string;
          author_id?: string | null;
          body?: string;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'task_comments_task_id_fkey';
            columns: ['task_id'];
            isOneToOne: false;
            referencedRelation: 'tasks';
            referencedColumns: ['id'];
          },
        ];
      };
      tasks: {
        Row: {
          id: string;
          title: string;
          description: string | null;
          assignee_id: string | null;
          due_date: string | null;
          priority: string;
          status: string;
          client_id: string | null;
          process_id: number | null;
          source: string | null;
          source_ref: string | null;
          completed_at: string | null;
          reminded_for: string | null;
          created_by: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          title: string;
          description?: string | null;
          assignee_id?: string | null;
          due_date?: string | null;
          priority?: string;
          status?: string;
          client_id?: string | null;
          process_id?: number | null;
          source?: string | null;
          source_ref?: string | null;
          completed_at?: string | null;
          reminded_for?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          title?: string;
          description?: string | null;
          assignee_id?: string | null;
          due_date?: string | null;
          priority?: string;
          status?: string;
          client_id?: string | null;
          process_id?: number | null;
          source?: string | null;
          source_ref?: string | null;
          completed_at?: string | null;
          reminded_for?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'tasks_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'tasks_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      uscis_form_editions: {
        Row: {
          id: number;
          form_id: number;
          edition_date: string;
          storage_path: string;
          fields: Json;
          page_count: number | null;
          imported_by: string | null;
          created_at: string;
        };
        Insert: {
          id?: number;
          form_id: number;
          edition_date: string;
          storage_path: string;
          fields?: Json;
          page_count?: number | null;
          imported_by?: string | null;
          created_at?: string;
        };
        Update: {
          id?: number;
          form_id?: number;
          edition_date?: string;
          storage_path?: string;
          fields?: Json;
          page_count?: number | null;
          imported_by?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'uscis_form_editions_form_id_fkey';
            columns: ['form_id'];
            isOneToOne: false;
            referencedRelation: 'uscis_forms';
            referencedColumns: ['id'];
          },
        ];
      };
      uscis_form_mappings: {
        Row: {
          id: number;
          edition_id: number;
          version: number;
          field_name: string;
          data_path: string;
          transform: string;
          transform_arg: string | null;
          created_by: string | null;
          created_at: string;
        };
        Insert: {
          id?: number;
          edition_id: number;
          version: number;
          field_name: string;
          data_path: string;
          transform?: string;
          transform_arg?: string | null;
          created_by?: string | null;
          created_at?: string;
        };
        Update: {
          id?: number;
          edition_id?: number;
          version?: number;
          field_name?: string;
          data_path?: string;
          transform?: string;
          transform_arg?: string | null;
          created_by?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'uscis_form_mappings_edition_id_fkey';
            columns: ['edition_id'];
            isOneToOne: false;
            referencedRelation: 'uscis_form_editions';
            referencedColumns: ['id'];
          },
        ];
      };
      uscis_forms: {
        Row: {
          id: number;
          number: string;
          name: string;
          category: string;
          updated_at: string | null;
          url: string | null;
          downloaded: boolean;
          created_at: string;
          edition_checked_at: string | null;
          edition_source: string | null;
        };
        Insert: {
          id?: number;
          number: string;
          name: string;
          category: string;
          updated_at?: string | null;
          url?: string | null;
          downloaded?: boolean;
          created_at?: string;
          edition_checked_at?: string | null;
          edition_source?: string | null;
        };
        Update: {
          id?: number;
          number?: string;
          name?: string;
          category?: string;
          updated_at?: string | null;
          url?: string | null;
          downloaded?: boolean;
          created_at?: string;
          edition_checked_at?: string | null;
          edition_source?: string | null;
        };
        Relationships: [];
      };
      uscis_processing_times: {
        Row: {
          id: string;
          form: string;
          office: string;
          form_category: string;
          min_months: number;
          max_months: number;
          published_on: string | null;
          source: string;
          updated_by: string | null;
          updated_at: string;
        };
        Insert: {
          id?: string;
          form: string;
          office: string;
          form_category?: string;
          min_months: number;
          max_months: number;
          published_on?: string | null;
          source?: string;
          updated_by?: string | null;
          updated_at?: string;
        };
        Update: {
          id?: string;
          form?: string;
          office?: string;
          form_category?: string;
          min_months?: number;
          max_months?: number;
          published_on?: string | null;
          source?: string;
          updated_by?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      uscis_receipts: {
        Row: {
          id: string;
          process_id: number;
          receipt_number: string;
          last_status: string | null;
          last_checked_at: string | null;
          last_updated_at: string | null;
          next_action_date: string | null;
          created_by: string | null;
          created_at: string;
          updated_at: string;
          last_status_is_demo: boolean;
        };
        Insert: {
          id?: string;
          process_id: number;
          receipt_number: string;
          last_status?: string | null;
          last_checked_at?: string | null;
          last_updated_at?: string | null;
          next_action_date?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
          last_status_is_demo?: boolean;
        };
        Update: {
          id?: string;
          process_id?: number;
          receipt_number?: string;
          last_status?: string | null;
          last_checked_at?: string | null;
          last_updated_at?: string | null;
          next_action_date?: string | null;
          created_by?: string | null;
          created_at?: string;
          updated_at?: string;
          last_status_is_demo?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'uscis_receipts_process_id_fkey';
            columns: ['process_id'];
            isOneToOne: false;
            referencedRelation: 'processes';
            referencedColumns: ['id'];
          },
        ];
      };
      uscis_status_history: {
        Row: {
          id: string;
          receipt_id: string;
          status: string;
          details: string | null;
          updated_at: string;
          is_demo: boolean;
        };
        Insert: {
          id?: string;
          receipt_id: string;
          status: string;
          details?: string | null;
          updated_at?: string;
          is_demo?: boolean;
        };
        Update: {
          id?: string;
          receipt_id?: string;
          status?: string;
          details?: string | null;
          updated_at?: string;
          is_demo?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'uscis_status_history_receipt_id_fkey';
            columns: ['receipt_id'];
            isOneToOne: false;
            referencedRelation: 'uscis_receipts';
            referencedColumns: ['id'];
          },
        ];
      };
      user_roles: {
        Row: {
          id: string;
          user_id: string;
          role: string;
          created_at: string;
        };
        Insert: {
          id?: string;
          user_id: string;
          role: string;
          created_at?: string;
        };
        Update: {
          id?: string;
          user_id?: string;
          role?: string;
          created_at?: string;
        };
        Relationships: [];
      };
      visa_bulletin_months: {
        Row: {
          month: string;
          uscis_chart_family: string;
          uscis_chart_employment: string;
          source: string;
          source_url: string | null;
          imported_at: string;
          imported_by: string | null;
        };
        Insert: {
          month: string;
          uscis_chart_family?: string;
          uscis_chart_employment?: string;
          source?: string;
          source_url?: string | null;
          imported_at?: string;
          imported_by?: string | null;
        };
        Update: {
          month?: string;
          uscis_chart_family?: string;
          uscis_chart_employment?: string;
          source?: string;
          source_url?: string | null;
          imported_at?: string;
          imported_by?: string | null;
        };
        Relationships: [];
      };
      visa_bulletins: {
        Row: {
          id: number;
          month: string;
          chart: string;
          category: string;
          chargeability: string;
          cutoff: string;
          cutoff_date: string | null;
        };
        Insert: {
          id?: number;
          month: string;
          chart: string;
          category: string;
          chargeability: string;
          cutoff: string;
          cutoff_date?: string | null;
        };
        Update: {
          id?: number;
          month?: string;
          chart?: string;
          category?: string;
          chargeability?: string;
          cutoff?: string;
          cutoff_date?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'visa_bulletins_month_fkey';
            columns: ['month'];
            isOneToOne: false;
            referencedRelation: 'visa_bulletin_months';
            referencedColumns: ['month'];
          },
        ];
      };
      whatsapp_inbound_events: {
        Row: {
          message_id: string;
          wa_from: string;
          client_id: string | null;
          lead_id: string | null;
          kind: string;
          received_at: string;
        };
        Insert: {
          message_id: string;
          wa_from: string;
          client_id?: string | null;
          lead_id?: string | null;
          kind: string;
          received_at?: string;
        };
        Update: {
          message_id?: string;
          wa_from?: string;
          client_id?: string | null;
          lead_id?: string | null;
          kind?: string;
          received_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'whatsapp_inbound_events_client_id_fkey';
            columns: ['client_id'];
            isOneToOne: false;
            referencedRelation: 'clients';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'whatsapp_inbound_events_lead_id_fkey';
            columns: ['lead_id'];
            isOneToOne: false;
            referencedRelation: 'leads';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      audit_log: {
        Row: {
          id: number | null;
          changed_at: string | null;
          table_name: string | null;
          row_id: string | null;
          action: string | null;
          old_values: Json | null;
          new_values: Json | null;
          actor_id: string | null;
          actor_name: string | null;
          actor_role: string | null;
          request_id: string | null;
          client_id: string | null;
          client_name: string | null;
          process_id: number | null;
        };
        Relationships: [];
      };
      client_document_requests: {
        Row: {
          id: string | null;
          process_id: number | null;
          client_id: string | null;
          document_name: string | null;
          document_description: string | null;
          is_required: boolean | null;
          status: string | null;
          requested_at: string | null;
          fulfilled_at: string | null;
          kind: string | null;
          stage: string | null;
          needs_apostille: boolean | null;
          needs_translation: boolean | null;
          review_status: string | null;
          rejection_reason: string | null;
          reviewed_at: string | null;
          position: number | null;
        };
        Relationships: [];
      };
      client_processes: {
        Row: {
          id: number | null;
          client_id: string | null;
          process_id: number | null;
          type: string | null;
          status: string | null;
          stage: string | null;
          description: string | null;
          next_date: string | null;
          created_at: string | null;
          updated_at: string | null;
        };
        Insert: {
          id?: number | null;
          client_id?: string | null;
          process_id?: number | null;
          type?: string | null;
          status?: string | null;
          stage?: string | null;
          description?: string | null;
          next_date?: string | null;
          created_at?: string | null;
          updated_at?: string | null;
        };
        Update: {
          id?: number | null;
          client_id?: string | null;
          process_id?: number | null;
          type?: string | null;
          status?: string | null;
          stage?: string | null;
          description?: string | null;
          next_date?: string | null;
          created_at?: string | null;
          updated_at?: string | null;
        };
        Relationships: [];
      };
      financial_commission_statements: {
        Row: {
          staff_id: string | null;
          staff_name: string | null;
          period_month: string | null;
          currency: string | null;
          commission_count: number | null;
          base_total: number | null;
          amount_total: number | null;
          paid_total: number | null;
          pending_total: number | null;
        };
        Relationships: [];
      };
      financial_monthly_revenue: {
        Row: {
          month: string | null;
          currency: string | null;
          revenue: number | null;
          revenue_brl: number | null;
          payment_count: number | null;
        };
        Relationships: [];
      };
      financial_receivables_aging: {
        Row: {
          installment_id: string | null;
          client_id: string | null;
          client_name: string | null;
          contract_id: string | null;
          contract_number: string | null;
          contract_title: string | null;
          number: number | null;
          due_date: string | null;
          currency: string | null;
          amount: number | null;
          paid_amount: number | null;
          open_amount: number | null;
          days_late: number | null;
          bucket: string | null;
        };
        Relationships: [];
      };
      financial_revenue_by_case_type: {
        Row: {
          case_type: string | null;
          currency: string | null;
          revenue: number | null;
          revenue_brl: number | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      active_process_count: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      alert_expiring_documents: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      appointment_conflicts: {
        Args: {
          p_staff_id: string | null;
          p_starts_at: string | null;
          p_duration: number | null;
          p_exclude?: string | null;
        };
        Returns: Database['public']['Tables']['appointments']['Row'][];
      };
      appointment_request_problem: {
        Args: {
          p_client_id: string | null;
          p_staff_id: string | null;
          p_starts_at: string | null;
          p_duration: number | null;
        };
        Returns: string;
      };
      attach_message_to_request: {
        Args: {
          p_message_id: string | null;
          p_request_id: string | null;
        };
        Returns: Database['public']['Tables']['client_documents']['Row'];
      };
      audit_verify: {
        Args: Record<PropertyKey, never>;
        Returns: {
          entry_id: number;
          chain_position: number;
          problem: string;
        }[];
      };
      bulletin_category: {
        Args: {
          p_category: string | null;
        };
        Returns: string;
      };
      bulletin_is_current: {
        Args: {
          p_priority: string | null;
          p_cutoff: string | null;
          p_cutoff_date: string | null;
        };
        Returns: boolean;
      };
      calendar_feed_active_owner: {
        Args: {
          p_token: string | null;
        };
        Returns: string;
      };
      calendar_feed_events: {
        Args: {
          p_token: string | null;
        };
        Returns: {
          id: string;
          title: string;
          client_name: string;
          starts_at: string;
          duration_minutes: number;
          kind: string;
          location: string;
          meeting_link: string;
          status: string;
          notes: string;
          updated_at: string;
          staff_name: string;
        }[];
      };
      calendar_feed_owner: {
        Args: {
          p_token: string | null;
        };
        Returns: string;
      };
      can_manage_crm: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      case_standing: {
        Args: {
          p_process_id: number | null;
        };
        Returns: Json;
      };
      change_process_stage: {
        Args: {
          p_process_id: number | null;
          p_stage: string | null;
          p_message?: string | null;
        };
        Returns: Json;
      };
      client_data_export: {
        Args: {
          p_client: string | null;
        };
        Returns: Json;
      };
      client_data_tables: {
        Args: Record<PropertyKey, never>;
        Returns: {
          table_name: string;
          via: string;
          fk_column: string;
          parent_table: string;
          parent_column: string;
        }[];
      };
      client_data_where: {
        Args: {
          p_via: string | null;
          p_fk: string | null;
          p_parent: string | null;
          p_parent_col: string | null;
          p_parent_via: string | null;
        };
        Returns: string;
      };
      client_may_read_object: {
        Args: {
          object_name: string | null;
          object_owner_id: string | null;
        };
        Returns: boolean;
      };
      client_signed_engagement_on: {
        Args: {
          p_process_id: number | null;
        };
        Returns: string;
      };
      confirm_pix_charge: {
        Args: {
          charge_id: string | null;
          received_brl?: number | null;
          received_on?: string | null;
        };
        Returns: Database['public']['Tables']['financial_payments']['Row'];
      };
      contains_pattern: {
        Args: {
          term: string | null;
        };
        Returns: string;
      };
      conversation_counts: {
        Args: {
          p_search?: string | null;
        };
        Returns: {
          all_count: number;
          unread_count: number;
          mine_count: number;
          unassigned_count: number;
          resolved_count: number;
        }[];
      };
      conversation_list: {
        Args: {
          p_filter?: string | null;
          p_search?: string | null;
          p_limit?: number | null;
          p_offset?: number | null;
        };
        Returns: {
          client_id: string;
          client_name: string;
          last_message_at: string;
          last_message: string;
          last_channel: string;
          last_sender: string;
          channels: string[];
          unread: number;
          assigned_to: string;
          assigned_name: string;
          resolved_at: string;
          total: number;
        }[];
      };
      conversation_rows: {
        Args: {
          p_filter: string | null;
          p_search: string | null;
        };
        Returns: {
          client_id: string;
          client_name: string;
          last_message_at: string;
          unread: number;
          assigned_to: string;
          resolved_at: string;
        }[];
      };
      conversation_unread_apply: {
        Args: {
          p_deltas: Json | null;
        };
        Returns: undefined;
      };
      conversation_unread_recount: {
        Args: Record<PropertyKey, never>;
        Returns: undefined;
      };
      convert_lead: {
        Args: {
          p_lead_id: string | null;
          p_password: string | null;
          p_address?: string | null;
        };
        Returns: string;
      };
      create_client_user: {
        Args: {
          email: string | null;
          password: string | null;
          full_name: string | null;
          phone?: string | null;
          address?: string | null;
        };
        Returns: string;
      };
      create_contract_amendment: {
        Args: {
          contract_id: string | null;
          title: string | null;
          scope: string | null;
          total_amount: number | null;
          down_payment?: number | null;
          installments?: number | null;
          first_due_date?: string | null;
          interval?: string | null;
        };
        Returns: Database['public']['Tables']['financial_contracts']['Row'];
      };
      create_contract_from_quote: {
        Args: {
          quote_id: string | null;
          down_payment: number | null;
          installments: number | null;
          first_due_date: string | null;
          interval?: string | null;
        };
        Returns: Database['public']['Tables']['financial_contracts']['Row'];
      };
      cron_check_eoir_cases: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      cron_check_uscis_form_editions: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      cron_check_uscis_receipts: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      cron_job_runs: {
        Args: {
          p_jobid?: number | null;
          p_limit?: number | null;
        };
        Returns: {
          runid: number;
          jobid: number;
          jobname: string;
          status: string;
          return_message: string;
          start_time: string;
          end_time: string;
        }[];
      };
      cron_jobs: {
        Args: Record<PropertyKey, never>;
        Returns: {
          jobid: number;
          jobname: string;
          schedule: string;
          command: string;
          active: boolean;
          last_runid: number;
          last_status: string;
          last_message: string;
          last_start: string;
          last_end: string;
          failed_runs: number;
        }[];
      };
      cron_run_now: {
        Args: {
          p_jobid: number | null;
        };
        Returns: number;
      };
      current_client_id: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      current_legal_documents: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['Tables']['legal_documents']['Row'][];
      };
      deliveries_readable_period: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      document_number: {
        Args: {
          p_prefix: string | null;
          p_seq: string | null;
          p_min_digits: number | null;
        };
        Returns: string;
      };
      document_request_stages: {
        Args: {
          p_apostille: boolean | null;
          p_translation: boolean | null;
        };
        Returns: string[];
      };
      duplicate_contract_template: {
        Args: {
          template_id: string | null;
        };
        Returns: Database['public']['Tables']['contract_templates']['Row'];
      };
      eoir_court_for_location: {
        Args: {
          p_location: string | null;
        };
        Returns: number;
      };
      eoir_court_time_zone: {
        Args: {
          p_location: string | null;
        };
        Returns: string;
      };
      exchange_rate_on: {
        Args: {
          p_on?: string | null;
        };
        Returns: Database['public']['Tables']['exchange_rates']['Row'];
      };
      expire_quotes: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      format_money: {
        Args: {
          p_amount: number | null;
          p_currency: string | null;
        };
        Returns: string;
      };
      has_any_role: {
        Args: {
          role_names: string[] | null;
        };
        Returns: boolean;
      };
      has_role: {
        Args: {
          role_name: string | null;
        };
        Returns: boolean;
      };
      import_visa_bulletin: {
        Args: {
          p_month: string | null;
          p_rows: Json | null;
          p_uscis_chart_family?: string | null;
          p_uscis_chart_employment?: string | null;
          p_source?: string | null;
          p_source_url?: string | null;
        };
        Returns: Json;
      };
      is_admin: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      is_forms_manager: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      is_own_client_object: {
        Args: {
          object_name: string | null;
        };
        Returns: boolean;
      };
      is_own_client_path: {
        Args: {
          object_path: string | null;
        };
        Returns: boolean;
      };
      is_own_process: {
        Args: {
          p_process_id: number | null;
        };
        Returns: boolean;
      };
      is_phone_number: {
        Args: {
          value: string | null;
        };
        Returns: boolean;
      };
      is_staff: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      is_staff_user: {
        Args: {
          p_user_id: string | null;
        };
        Returns: boolean;
      };
      is_us_state_code: {
        Args: {
          code: string | null;
        };
        Returns: boolean;
      };
      lead_stage_counts: {
        Args: {
          p_search?: string | null;
        };
        Returns: {
          stage: string;
          total: number;
        }[];
      };
      mark_commissions_paid: {
        Args: {
          staff_id: string | null;
          period_month: string | null;
        };
        Returns: number;
      };
      mark_messages_read: {
        Args: {
          p_client_id: string | null;
        };
        Returns: number;
      };
      may_handle_client_data: {
        Args: {
          p_client: string | null;
        };
        Returns: boolean;
      };
      message_is_unread: {
        Args: {
          p_read_at: string | null;
          p_sender_type: string | null;
        };
        Returns: boolean;
      };
      notify: {
        Args: {
          p_user_id: string | null;
          p_kind: string | null;
          p_title: string | null;
          p_body?: string | null;
          p_link?: string | null;
          p_payload?: Json | null;
          p_idempotency_key?: string | null;
        };
        Returns: string;
      };
      notify_admins_of_deletion_request: {
        Args: {
          p_client: string | null;
        };
        Returns: undefined;
      };
      notify_process_client: {
        Args: {
          p_process_id: number | null;
          p_kind: string | null;
          p_title: string | null;
          p_body: string | null;
          p_link: string | null;
          p_payload: Json | null;
          p_key: string | null;
        };
        Returns: string;
      };
      notify_process_staff: {
        Args: {
          p_process_id: number | null;
          p_kind: string | null;
          p_title: string | null;
          p_body: string | null;
          p_link: string | null;
          p_payload: Json | null;
          p_key: string | null;
        };
        Returns: undefined;
      };
      office_branding: {
        Args: Record<PropertyKey, never>;
        Returns: {
          office_name: string;
          logo_path: string;
          time_zone: string;
        }[];
      };
      office_business_hours: {
        Args: Record<PropertyKey, never>;
        Returns: {
          business_hours: Json;
          time_zone: string;
        }[];
      };
      office_contact: {
        Args: Record<PropertyKey, never>;
        Returns: {
          office_name: string;
          street: string;
          suite: string;
          city: string;
          state: string;
          zip: string;
          phone: string;
          email: string;
          website: string;
        }[];
      };
      office_staff_recipients: {
        Args: Record<PropertyKey, never>;
        Returns: string[];
      };
      own_process_ids: {
        Args: Record<PropertyKey, never>;
        Returns: number[];
      };
      own_rows_allowed: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      paid_revenue_by_month: {
        Args: {
          p_from: string | null;
          p_to: string | null;
        };
        Returns: {
          currency: string;
          month: string;
          total: number;
        }[];
      };
      pending_legal_documents: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['Tables']['legal_documents']['Row'][];
      };
      phone_e164: {
        Args: {
          p_phone: string | null;
        };
        Returns: string;
      };
      portal_process_timeline: {
        Args: {
          p_process_id: number | null;
        };
        Returns: {
          at: string;
          kind: string;
          detail: string;
          from_value: string;
          client_id: string;
          process_id: number;
          ref_id: string;
        }[];
      };
      process_owner: {
        Args: {
          p_process_id: number | null;
          p_fallback: string | null;
        };
        Returns: string;
      };
      process_staff_recipients: {
        Args: {
          p_process_id: number | null;
        };
        Returns: string[];
      };
      queue_whatsapp_message: {
        Args: {
          p_client_id: string | null;
          p_phone: string | null;
          p_content: string | null;
          p_template: string | null;
          p_sender: string | null;
        };
        Returns: Database['public']['Tables']['messages']['Row'];
      };
      receivables_aging_totals: {
        Args: Record<PropertyKey, never>;
        Returns: {
          bucket: string;
          currency: string;
          installments: number;
          open_total: number;
        }[];
      };
      record_payment: {
        Args: {
          installment_id: string | null;
          amount: number | null;
          payment_method: string | null;
          payment_date?: string | null;
          notes?: string | null;
        };
        Returns: Database['public']['Tables']['financial_payments']['Row'];
      };
      record_stripe_checkout: {
        Args: {
          p_session_id: string | null;
          p_payment_intent: string | null;
          p_amount_total_cents: number | null;
          p_paid_on: string | null;
        };
        Returns: Database['public']['Tables']['financial_payments']['Row'];
      };
      record_stripe_dispute: {
        Args: {
          p_payment_intent: string | null;
          p_status: string | null;
          p_at: string | null;
        };
        Returns: Database['public']['Tables']['financial_payments']['Row'];
      };
      record_stripe_refund: {
        Args: {
          p_payment_intent: string | null;
          p_refunded_cents: number | null;
          p_at: string | null;
        };
        Returns: Database['public']['Tables']['financial_payments']['Row'];
      };
      record_whatsapp_status: {
        Args: {
          p_message_id: string | null;
          p_status: string | null;
          p_idempotency_key?: string | null;
          p_error?: string | null;
          p_at?: string | null;
        };
        Returns: number;
      };
      remind_overdue_installments: {
        Args: {
          p_installment?: string | null;
        };
        Returns: number;
      };
      remind_unsigned_contracts: {
        Args: {
          p_now?: string | null;
        };
        Returns: number;
      };
      remove_contract_template: {
        Args: {
          template_id: string | null;
        };
        Returns: string;
      };
      report_clients_by_source: {
        Args: Record<PropertyKey, never>;
        Returns: {
          source: string;
          total: number;
        }[];
      };
      report_days_per_stage: {
        Args: Record<PropertyKey, never>;
        Returns: {
          stage: string;
          average_days: number;
          total: number;
        }[];
      };
      report_processes_by_type_stage: {
        Args: Record<PropertyKey, never>;
        Returns: {
          type: string;
          stage: string;
          total: number;
        }[];
      };
      request_data_deletion: {
        Args: {
          p_reason?: string | null;
        };
        Returns: string;
      };
      request_exchange_rate_refresh: {
        Args: Record<PropertyKey, never>;
        Returns: undefined;
      };
      resend_delivery: {
        Args: {
          p_id: string | null;
        };
        Returns: Database['public']['Tables']['notification_deliveries']['Row'];
      };
      respond_to_quote: {
        Args: {
          quote_id: string | null;
          accept: boolean | null;
        };
        Returns: Database['public']['Tables']['financial_quotes']['Row'];
      };
      review_data_deletion: {
        Args: {
          p_request: string | null;
          p_approve: boolean | null;
          p_note?: string | null;
        };
        Returns: Json;
      };
      rotate_calendar_feed_token: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      save_form_mapping: {
        Args: {
          p_edition_id: number | null;
          p_fields: Json | null;
        };
        Returns: number;
      };
      search_fold: {
        Args: {
          p_text: string | null;
        };
        Returns: string;
      };
      search_workspace: {
        Args: {
          q: string | null;
        };
        Returns: {
          kind: string;
          id: string;
          title: string;
          subtitle: string;
          client_id: string;
          process_id: number;
        }[];
      };
      sells_quote: {
        Args: {
          p_quote_id: string | null;
        };
        Returns: boolean;
      };
      send_appointment_reminders: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      send_task_reminders: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      send_whatsapp_reply: {
        Args: {
          p_client_id: string | null;
          p_content: string | null;
          p_template?: string | null;
        };
        Returns: Database['public']['Tables']['messages']['Row'];
      };
      set_channel_consent: {
        Args: {
          p_channel: string | null;
          p_granted: boolean | null;
          p_phone?: string | null;
        };
        Returns: Database['public']['Tables']['client_channel_consents']['Row'];
      };
      sold_quote_ids: {
        Args: Record<PropertyKey, never>;
        Returns: string[];
      };
      staff_directory: {
        Args: Record<PropertyKey, never>;
        Returns: {
          id: string;
          full_name: string;
          email: string;
          roles: string[];
        }[];
      };
      staff_mfa_required: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      staff_session_allowed: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      stage_change_key: {
        Args: {
          p_process_id: number | null;
        };
        Returns: string;
      };
      status_fold: {
        Args: {
          p_status: string | null;
        };
        Returns: string;
      };
      unread_message_counts: {
        Args: Record<PropertyKey, never>;
        Returns: {
          client_id: string;
          unread: number;
        }[];
      };
      uscis_forms_last_check: {
        Args: Record<PropertyKey, never>;
        Returns: {
          started_at: string;
          finished_at: string;
          status: string;
          checked_at: string;
        }[];
      };
      uscis_status_means: {
        Args: {
          p_status: string | null;
        };
        Returns: string;
      };
      whatsapp_attach_media: {
        Args: {
          p_message_id: string | null;
          p_path: string | null;
          p_name: string | null;
        };
        Returns: Database['public']['Tables']['client_documents']['Row'];
      };
      whatsapp_client_for: {
        Args: {
          p_from: string | null;
        };
        Returns: string;
      };
      whatsapp_receive: {
        Args: {
          p_message_id: string | null;
          p_from: string | null;
          p_kind: string | null;
          p_content: string | null;
          p_at?: string | null;
          p_profile_name?: string | null;
        };
        Returns: Json;
      };
      whatsapp_reply_templates: {
        Args: Record<PropertyKey, never>;
        Returns: string[];
      };
      whatsapp_window_open: {
        Args: {
          p_client_id: string | null;
        };
        Returns: boolean;
      };
      workspace_timeline: {
        Args: {
          p_client_id?: string | null;
          p_process_id?: number | null;
          p_family?: boolean | null;
        };
        Returns: {
          at: string;
          kind: string;
          detail: string;
          from_value: string;
          client_id: string;
          process_id: number;
          ref_id: string;
        }[];
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DefaultSchema = Database['public'];

export type Tables<T extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])> = (DefaultSchema['Tables'] &
  DefaultSchema['Views'])[T] extends { Row: infer R }
  ? R
  : never;

export type TablesInsert<T extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][T] extends {
  Insert: infer I;
}
  ? I
  : never;

export type TablesUpdate<T extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][T] extends {
  Update: infer U;
}
  ? U
  : never;

export type Enums<T extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][T];
