// The server's Content-Security-Policy allows no eval. zod's compiled fast path probes `new Function` when a schema is
// built, which the browser reports as a policy violation even though zod catches the error: the forms validate
// without it. zod keeps its configuration in this global (shared by every copy of zod, created on first use), so it
// is set here without loading zod on the first screen; main.tsx imports this module first, before any schema exists.
const shared = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
