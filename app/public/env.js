// Runtime configuration. Development defaults only: the server that serves the
// built app replaces this file with the real values of its environment.
window.__ENV__ = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_ANON_KEY: '',
  ADMIN_EMAIL: 'admin@escritorio.test',
};
