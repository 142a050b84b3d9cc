/** One row of workspace_timeline: something that happened to a client or a process (read by staff and the portal). */
export interface TimelineEntry {
  at: string;
  kind: string;
  detail: string | null;
  from_value: string | null;
  client_id: string | null;
  process_id: number | null;
  ref_id: string;
}
