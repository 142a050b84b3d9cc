/** The forms the product ships a mapping pack for (functions/edgekit/uscis_forms/packs): importing one maps
 * its edition by field names, and a new form of these numbers needs no name or category. */
export const PACKED_FORMS: ReadonlySet<string> = new Set([
  'I-130',
  'I-130A',
  'I-131',
  'I-140',
  'I-485',
  'I-589',
  'I-751',
  'I-765',
  'I-864',
  'I-90',
  'G-28',
  'N-400',
]);
