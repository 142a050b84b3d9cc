import { describe, expect, it } from 'vitest';
import { PROFILE_COLUMNS, PROFILE_FIELDS } from './office-profile';

describe('PROFILE_COLUMNS', () => {
  it('selects exactly the profile fields, in order (the typed select list and the field list agree)', () => {
    expect(PROFILE_COLUMNS).toBe(PROFILE_FIELDS.join(', '));
  });
});
