import { describe, expect, it } from 'vitest';
import { addressLines, hasContact, phoneHref, websiteHref, websiteLabel, type OfficeContact } from './office-contact';

const empty: OfficeContact = {
  office_name: 'Escritório',
  street: null,
  suite: null,
  city: null,
  state: null,
  zip: null,
  phone: null,
  email: null,
  website: null,
};

describe('office contact', () => {
  it('writes the address in the US order and leaves out what is not stored', () => {
    const full = {
      ...empty,
      street: '100 Federal Street',
      suite: 'Suite 1200',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    };
    expect(addressLines(full)).toEqual(['100 Federal Street, Suite 1200', 'Boston, MA 02110']);
    expect(addressLines({ ...empty, city: 'Boston', state: 'MA' })).toEqual(['Boston, MA']);
    expect(addressLines({ ...empty, street: '1 Main St', zip: '02110' })).toEqual(['1 Main St', '02110']);
    expect(addressLines(empty)).toEqual([]);
  });

  it('dials the office from abroad: +1 for a ten-digit US number without its country code', () => {
    expect(phoneHref('+1 (617) 555-0100')).toBe('tel:+16175550100');
    expect(phoneHref('(617) 555-0100')).toBe('tel:+16175550100');
    expect(phoneHref('617.555.0100')).toBe('tel:+16175550100');
    expect(phoneHref('+55 11 91234-5678')).toBe('tel:+5511912345678');
    expect(phoneHref('5511912345678')).toBe('tel:+5511912345678');
  });

  it('links the website with its scheme and shows it without', () => {
    expect(websiteHref('escritorio.com')).toBe('https://escritorio.com');
    expect(websiteHref('http://escritorio.com/pt')).toBe('http://escritorio.com/pt');
    expect(websiteLabel('https://www.escritorio.com/')).toBe('www.escritorio.com');
  });

  it('has something to show only when a contact is stored', () => {
    expect(hasContact(null)).toBe(false);
    expect(hasContact(empty)).toBe(false);
    expect(hasContact({ ...empty, website: ' ' })).toBe(false);
    expect(hasContact({ ...empty, email: 'contato@escritorio.test' })).toBe(true);
    expect(hasContact({ ...empty, city: 'Boston' })).toBe(true);
  });
});
