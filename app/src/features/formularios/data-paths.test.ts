import { describe, expect, it } from 'vitest';
import { DATA_PATH_GROUPS, dataPathLabel } from './data-paths';

describe('data paths of the office and its attorney', () => {
  it('offers what a G-28 asks for, under Escritório / advogado', () => {
    const group = DATA_PATH_GROUPS.find((g) => g.label === 'Escritório / advogado');
    const values = group?.options.map((o) => o.value) ?? [];
    for (const path of [
      'attorney.full_name',
      'attorney.bar_number',
      'attorney.bar_state',
      'attorney.licensing_authority',
      'attorney.eoir_id',
      'office.street',
      'office.city',
      'office.state',
      'office.zip',
      'office.phone',
      'attorney.phone',
      'attorney.mobile',
      'attorney.fax',
    ]) {
      expect(values).toContain(path);
    }
    // every path is one the database accepts (uscis_form_mappings_data_path_check)
    for (const path of values) {
      expect(path).toMatch(/^(client|process|office|attorney|preparer|questionnaire)(\.[A-Za-z0-9_]+)+$/);
    }
  });

  it('labels them in Portuguese', () => {
    expect(dataPathLabel('attorney.eoir_id')).toBe('Advogado responsável — EOIR ID');
    expect(dataPathLabel('office.zip')).toBe('Escritório — ZIP');
    expect(dataPathLabel('attorney.mobile')).toBe('Advogado responsável — Celular');
    expect(dataPathLabel('attorney.fax')).toBe('Advogado responsável — Fax');
  });
});
