import { describe, expect, it } from 'vitest';
import { formatHearing } from './hearing';

const houston = { city: 'Houston', time_zone: 'America/Chicago', zone_label: 'CT' };

describe('formatHearing', () => {
  it("shows the hearing on the court's clock, labelled, in winter and in summer", () => {
    expect(formatHearing('2027-01-15T15:00:00Z', houston, 'America/New_York')).toBe(
      '15/01/2027 09:00 (horário de Houston, CT)',
    );
    expect(formatHearing('2027-07-15T14:00:00+00:00', houston, 'America/New_York')).toBe(
      '15/07/2027 09:00 (horário de Houston, CT)',
    );
  });

  it("falls back to the office's zone when the court is unknown", () => {
    expect(formatHearing('2027-01-15T14:00:00Z', null, 'America/New_York')).toBe(
      '15/01/2027 09:00 (horário do escritório)',
    );
    expect(formatHearing('2027-01-15T14:00:00Z', { ...houston, time_zone: 'Nowhere/City' }, 'America/New_York')).toBe(
      '15/01/2027 09:00 (horário do escritório)',
    );
  });

  it('shows a dash without a hearing', () => {
    expect(formatHearing(null, houston, 'America/New_York')).toBe('-');
  });
});
