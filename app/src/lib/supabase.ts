/** The single Supabase client of the app; nothing else calls createClient. */
import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

// supabase-js refuses an empty key; the server always provides one, this only keeps a
// misconfigured page from crashing before it can show an error.
export const supabase = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY || 'missing-anon-key', {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
});
