/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_ADMIN_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Set by /env.js, which the server writes at run time (see public/env.js). */
interface Window {
  __ENV__?: {
    SUPABASE_URL?: string;
    SUPABASE_ANON_KEY?: string;
    ADMIN_EMAIL?: string;
    ADMIN_SETUP_CODE_REQUIRED?: boolean;
  };
}
