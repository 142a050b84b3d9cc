// The config and e2e files read environment variables; Node's full typings are not a dependency.
declare const process: { env: Record<string, string | undefined> };
