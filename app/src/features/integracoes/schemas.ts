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
