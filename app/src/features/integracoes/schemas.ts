/** The S3 configuration (spec section 5): accessKeyId, secretAccessKey, region and bucket, all required. */
export interface S3Config {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
}

export const emptyS3Config: S3Config = { accessKeyId: '', secretAccessKey: '', region: '', bucket: '' };

/** Trimmed values, or null when any field is blank. */
export function validS3Config(values: S3Config): S3Config | null {
  const trimmed: S3Config = {
    accessKeyId: values.accessKeyId.trim(),
    secretAccessKey: values.secretAccessKey.trim(),
    region: values.region.trim(),
    bucket: values.bucket.trim(),
  };
  return Object.values(trimmed).every((value) => value !== '') ? trimmed : null;
}

/** The `whatsapp` system setting (WhatsApp Cloud API): five required fields, three optional ones. */
export interface WhatsAppSetting {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  templateName: string;
  languageCode?: string;
  apiBaseUrl?: string;
  apiVersion?: string;
}

const WHATSAPP_OPTIONAL = ['languageCode', 'apiBaseUrl', 'apiVersion'] as const;

/**
 * The setting to save: the form's values as typed (a masked secret sent back unchanged keeps the stored one), an
 * optional field only when filled (left out, the function uses its default); null when a required field is blank.
 */
export function whatsAppSettingToSave(values: Partial<WhatsAppSetting>): WhatsAppSetting | null {
  const filled = (value: string | undefined) => (value?.trim() ? value : undefined);
  const phoneNumberId = filled(values.phoneNumberId);
  const accessToken = filled(values.accessToken);
  const appSecret = filled(values.appSecret);
  const verifyToken = filled(values.verifyToken);
  const templateName = filled(values.templateName);
  if (!phoneNumberId || !accessToken || !appSecret || !verifyToken || !templateName) return null;
  const setting: WhatsAppSetting = { phoneNumberId, accessToken, appSecret, verifyToken, templateName };
  for (const name of WHATSAPP_OPTIONAL) {
    const value = filled(values[name]);
    if (value) setting[name] = value;
  }
  return setting;
}
