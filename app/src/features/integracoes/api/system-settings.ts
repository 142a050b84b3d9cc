/** The system-settings server function: GET ?key= and POST {key, value}, with the session's bearer token. */
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';
import type { S3Config } from '../schemas';
import { integracoesStrings as t } from '../strings';

export const S3_SETTING_KEY = 'aws_s3_config';

function functionUrl(): string {
  return `${env.SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/system-settings`;
}

async function accessToken(): Promise<string> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(t.noToken);
  return token;
}

function headers(token: string): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`,
    apikey: env.SUPABASE_ANON_KEY,
    'Content-Type': 'application/json',
  };
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The stored S3 setting (secrets come back masked), or null when not configured. */
export async function fetchS3Setting(): Promise<Partial<S3Config> | null> {
  const token = await accessToken();
  const response = await fetch(`${functionUrl()}?key=${S3_SETTING_KEY}`, { method: 'GET', headers: headers(token) });
  const body = await readJson(response);
  if (!response.ok) throw new Error(typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`);
  // A present data field means the integration is connected.
  const data = body?.data;
  return data && typeof data === 'object' ? (data as Partial<S3Config>) : null;
}

/** Saves the S3 setting; throws with the response's message (or 'Failed to save configuration'). */
export async function saveS3Setting(value: S3Config): Promise<void> {
  const token = await accessToken();
  const response = await fetch(functionUrl(), {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ key: S3_SETTING_KEY, value }),
  });
  if (!response.ok) {
    const body = await readJson(response);
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : t.s3SaveFailed);
  }
}

export const PROVIDERS_SETTING_KEY = 'providers';

/** Who answers each lookup (the `providers` setting as in effect) and whether the stack runs in production. */
export interface ProvidersSetting {
  choices: ProviderChoices;
  production: boolean;
}

export interface ProviderChoices {
  uscis: string;
  eoir: string;
  uscisForms: string;
  exchangeRates: string;
}

export async function fetchProviders(): Promise<ProvidersSetting> {
  const token = await accessToken();
  const response = await fetch(`${functionUrl()}?key=${PROVIDERS_SETTING_KEY}`, {
    method: 'GET',
    headers: headers(token),
  });
  const body = await readJson(response);
  if (!response.ok) throw new Error(typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`);
  const data = (body?.data ?? {}) as Partial<ProviderChoices>;
  return {
    choices: {
      uscis: data.uscis ?? 'demo',
      eoir: data.eoir ?? 'demo',
      uscisForms: data.uscisForms ?? 'demo',
      exchangeRates: data.exchangeRates ?? 'demo',
    },
    production: body?.production === true,
  };
}

/** Saves the providers; throws with the server's pt-BR message (e.g. a demo provider in production). */
export async function saveProviders(choices: ProviderChoices): Promise<void> {
  const token = await accessToken();
  const response = await fetch(functionUrl(), {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ key: PROVIDERS_SETTING_KEY, value: choices }),
  });
  if (!response.ok) {
    const body = await readJson(response);
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : t.providersSaveFailed);
  }
}

/** A stored setting as the browser may see it (secrets masked), or null when not configured. */
export async function fetchSetting<T extends object>(key: string): Promise<Partial<T> | null> {
  const token = await accessToken();
  const response = await fetch(`${functionUrl()}?key=${encodeURIComponent(key)}`, {
    method: 'GET',
    headers: headers(token),
  });
  const body = await readJson(response);
  if (!response.ok) throw new Error(typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`);
  const data = body?.data;
  return data && typeof data === 'object' ? (data as Partial<T>) : null;
}

/** Saves a setting; a masked secret sent back keeps the stored one. Throws with the server's pt-BR message. */
export async function saveSetting(key: string, value: Record<string, string>): Promise<void> {
  const token = await accessToken();
  const response = await fetch(functionUrl(), {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ key, value }),
  });
  if (!response.ok) {
    const body = await readJson(response);
    throw new Error(
      typeof body?.message === 'string' && body.message ? body.message : 'Falha ao salvar a configuração',
    );
  }
}
