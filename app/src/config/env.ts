/** Runtime configuration: window.__ENV__ (from /env.js, written by the server), then VITE_* build variables, then dev defaults. */

export interface AppEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  ADMIN_EMAIL: string;
  /** Production: "Configurar Administrador" also needs the one-time code printed on the server. */
  ADMIN_SETUP_CODE_REQUIRED: boolean;
}

const DEFAULTS: AppEnv = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_ANON_KEY: '',
  ADMIN_EMAIL: 'admin@escritorio.test',
  ADMIN_SETUP_CODE_REQUIRED: false,
};

function pick(...values: (string | undefined)[]): string | undefined {
  return values.find((value) => typeof value === 'string' && value.trim() !== '');
}

export function readEnv(): AppEnv {
  const runtime = typeof window !== 'undefined' ? (window.__ENV__ ?? {}) : {};
  const build = import.meta.env;
  return {
    SUPABASE_URL: pick(runtime.SUPABASE_URL, build.VITE_SUPABASE_URL) ?? DEFAULTS.SUPABASE_URL,
    SUPABASE_ANON_KEY: pick(runtime.SUPABASE_ANON_KEY, build.VITE_SUPABASE_ANON_KEY) ?? DEFAULTS.SUPABASE_ANON_KEY,
    ADMIN_EMAIL: pick(runtime.ADMIN_EMAIL, build.VITE_ADMIN_EMAIL) ?? DEFAULTS.ADMIN_EMAIL,
    ADMIN_SETUP_CODE_REQUIRED: runtime.ADMIN_SETUP_CODE_REQUIRED === true,
  };
}

/** Read once at start-up; /env.js runs before the app bundle. */
export const env: AppEnv = readEnv();
