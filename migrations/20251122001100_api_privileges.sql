-- Table privileges of the API roles beyond RLS: TRUNCATE ignores row-level security, so the API
-- roles never get it (now and for tables created later by the same owner).

revoke truncate on all tables in schema public from anon, authenticated;
alter default privileges in schema public revoke truncate on tables from anon, authenticated;
