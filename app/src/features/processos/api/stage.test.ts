import { describe, expect, it } from 'vitest';
import { stageOutcome } from './stage';

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
