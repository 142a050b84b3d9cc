import { describe, expect, it } from 'vitest';
import { whatsAppSettingToSave } from './schemas';

const required = {
  phoneNumberId: '1234567890',
  accessToken: '••••abcd',
  appSecret: 's3cret',
  verifyToken: 'verify-me',
  templateName: 'atualizacao_caso',
};

describe('whatsAppSettingToSave', () => {
  it('keeps the required fields as typed and an optional one only when filled', () => {
    expect(whatsAppSettingToSave({ ...required, languageCode: 'pt_BR', apiBaseUrl: '', apiVersion: '  ' })).toEqual({
      ...required,
      languageCode: 'pt_BR',
    });
  });

  it('is null when a required field is blank or missing', () => {
    expect(whatsAppSettingToSave({ ...required, appSecret: '   ' })).toBeNull();
    const { templateName: _templateName, ...withoutTemplate } = required;
    expect(whatsAppSettingToSave(withoutTemplate)).toBeNull();
  });
});
