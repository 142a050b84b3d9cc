import { describe, expect, it } from 'vitest';
import { stageOutcome, toStageChangeResult } from './stage';

describe('stageOutcome', () => {
  it('names exactly the channels that were queued', () => {
    expect(stageOutcome({ client_notified: true, channels: ['email', 'whatsapp'] })).toEqual({
      queued: true,
      text: 'Notificação enfileirada por e-mail e WhatsApp',
    });
    expect(stageOutcome({ client_notified: true, channels: ['email'] }).text).toBe(
      'Notificação enfileirada por e-mail',
    );
    expect(stageOutcome({ client_notified: true, channels: ['whatsapp'] }).text).toBe(
      'Notificação enfileirada por WhatsApp',
    );
  });

  it('never claims a sending the database did not queue', () => {
    expect(stageOutcome({ client_notified: true, channels: [] })).toEqual({
      queued: false,
      text: 'Cliente sem canal autorizado: avisado apenas no portal',
    });
    expect(stageOutcome({ client_notified: false, channels: [] }).queued).toBe(false);
    expect(stageOutcome({ client_notified: false, channels: [] }).text).toContain('sem acesso ao portal');
  });
});

describe('toStageChangeResult', () => {
  it('reads the JSON answer of change_process_stage field by field', () => {
    expect(toStageChangeResult({ client_notified: true, channels: ['email', 'sms', 'whatsapp'] })).toEqual({
      client_notified: true,
      channels: ['email', 'whatsapp'],
    });
    // an answer without the fields (or not an object) claims nothing was queued
    expect(toStageChangeResult(null)).toEqual({ client_notified: false, channels: [] });
    expect(toStageChangeResult([1])).toEqual({ client_notified: false, channels: [] });
    expect(stageOutcome(toStageChangeResult({ client_notified: 'yes', channels: 'email' })).queued).toBe(false);
  });
});
