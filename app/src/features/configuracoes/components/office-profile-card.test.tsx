import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { formatPhone, maskZip, toProfileRow, toProfileForm } from '../lib/office-profile';
import { OfficeProfileCard } from './office-profile-card';

const STORED = {
  id: true,
  office_name: 'Escritório',
  office_street: '100 Federal Street',
  office_suite: 'Suite 1200',
  office_city: 'Boston',
  office_state: 'MA',
  office_zip: '02110',
  office_phone: '+1 (617) 555-0100',
  office_email: 'contato@escritorio.test',
  office_website: null,
  attorney_name: 'Helena Duarte Ramos',
  attorney_bar_number: '681234',
  attorney_bar_state: 'MA',
  attorney_licensing_authority: null,
  attorney_eoir_id: 'QX123456',
  attorney_email: null,
  attorney_phone: null,
  attorney_mobile: '+1 (617) 555-0142',
  attorney_fax: null,
};

beforeEach(async () => {
  db.seed('office_settings', [STORED]);
  await signInAs({ id: 'u-admin', email: 'admin@escritorio.test' });
});

const card = async () => within(await screen.findByRole('form', { name: /Dados do escritório e do advogado/ }));
const office = (c: Awaited<ReturnType<typeof card>>) =>
  within(c.getByRole('region', { name: 'Endereço e contato do escritório' }));
const attorney = (c: Awaited<ReturnType<typeof card>>) =>
  within(c.getByRole('region', { name: 'Advogado responsável' }));

describe('OfficeProfileCard', () => {
  it('shows what is stored and saves the changes as the row (empty fields as null)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfficeProfileCard canEdit />);
    const c = await card();
    expect(await office(c).findByDisplayValue('100 Federal Street')).toBeInTheDocument();
    expect(attorney(c).getByLabelText('EOIR ID')).toHaveValue('QX123456');

    await user.selectOptions(attorney(c).getByLabelText('Estado da inscrição'), 'NY');
    await user.type(attorney(c).getByLabelText('Órgão de licenciamento'), 'New York State Bar');
    await user.type(attorney(c).getByLabelText('Telefone'), '2125550199');
    await user.tab(); // leaving the field writes the US number in its usual form
    expect(attorney(c).getByLabelText('Telefone')).toHaveValue('+1 (212) 555-0199');
    await user.clear(office(c).getByLabelText('Sala / conjunto'));
    await user.click(c.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Dados do escritório salvos')).toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/office_settings', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.true');
    expect(patch!.body).toMatchObject({
      attorney_bar_state: 'NY',
      attorney_licensing_authority: 'New York State Bar',
      attorney_phone: '+1 (212) 555-0199',
      office_suite: null,
      office_website: null,
      office_zip: '02110',
    });
    expect(db.rows('office_settings')[0]).toMatchObject({ attorney_bar_state: 'NY', office_suite: null });
  });

  it('refuses bad values in Portuguese and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfficeProfileCard canEdit />);
    const c = await card();
    const zip = await office(c).findByLabelText('ZIP');
    await user.clear(zip);
    await user.type(zip, '0211');
    await user.clear(office(c).getByLabelText('E-mail'));
    await user.type(office(c).getByLabelText('E-mail'), 'contato@');
    await user.type(attorney(c).getByLabelText('EOIR ID'), '-!');
    await user.click(c.getByRole('button', { name: 'Salvar' }));

    expect(await c.findByText('ZIP inválido: use 5 dígitos ou 5+4 (02110-1234)')).toBeInTheDocument();
    expect(c.getByText('E-mail inválido')).toBeInTheDocument();
    expect(c.getByText('EOIR ID inválido: de 4 a 12 letras e números')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(db.requests('/rest/v1/office_settings', 'PATCH')).toEqual([]);
  });

  it("shows the database's refusal of a check in Portuguese", async () => {
    const user = userEvent.setup();
    server.use(
      http.patch(restUrl('office_settings'), () =>
        postgrestError(
          400,
          '23514',
          'new row for relation "office_settings" violates check constraint "office_state_is_us_state_code"',
        ),
      ),
    );
    renderWithProviders(<OfficeProfileCard canEdit />);
    const c = await card();
    await office(c).findByDisplayValue('Boston');
    await user.click(c.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Erro ao salvar os dados do escritório: Estado do escritório inválido: use a sigla de um estado dos EUA',
      ),
    ).toBeInTheDocument();
  });

  it("edits the attorney's mobile and fax (G-28) like the other phones", async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfficeProfileCard canEdit />);
    const c = await card();
    const mobile = await attorney(c).findByLabelText('Celular do advogado');
    expect(mobile).toHaveValue('+1 (617) 555-0142');
    const fax = attorney(c).getByLabelText('Fax do advogado');
    expect(fax).toHaveValue('');

    await user.type(fax, '617-555-01');
    await user.clear(mobile);
    await user.type(mobile, 'celular');
    await user.click(c.getByRole('button', { name: 'Salvar' }));
    expect(await c.findByText('Fax inválido: informe de 10 a 15 dígitos')).toBeInTheDocument();
    expect(c.getByText('Celular inválido: informe de 10 a 15 dígitos')).toBeInTheDocument();
    expect(fax).toHaveAttribute('aria-invalid', 'true');
    expect(db.requests('/rest/v1/office_settings', 'PATCH')).toEqual([]);

    await user.clear(fax);
    await user.type(fax, '6175550199');
    await user.clear(mobile);
    await user.tab(); // an empty mobile is allowed: saved as null
    await user.click(c.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados do escritório salvos')).toBeInTheDocument();
    expect(fax).toHaveValue('+1 (617) 555-0199');
    const [patch] = db.requests('/rest/v1/office_settings', 'PATCH');
    expect(patch!.body).toMatchObject({ attorney_fax: '+1 (617) 555-0199', attorney_mobile: null });
    expect(db.rows('office_settings')[0]).toMatchObject({ attorney_fax: '+1 (617) 555-0199', attorney_mobile: null });
  });

  it("shows the database's refusal of the attorney's mobile in Portuguese", async () => {
    const user = userEvent.setup();
    server.use(
      http.patch(restUrl('office_settings'), () =>
        postgrestError(
          400,
          '23514',
          'new row for relation "office_settings" violates check constraint "attorney_mobile_format"',
        ),
      ),
    );
    renderWithProviders(<OfficeProfileCard canEdit />);
    const c = await card();
    await office(c).findByDisplayValue('Boston');
    await user.click(c.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Erro ao salvar os dados do escritório: Celular do advogado inválido'),
    ).toBeInTheDocument();
  });

  it('other staff read it without a Salvar button', async () => {
    renderWithProviders(<OfficeProfileCard canEdit={false} />);
    const c = await card();
    expect(await attorney(c).findByDisplayValue('Helena Duarte Ramos')).toBeDisabled();
    expect(attorney(c).getByLabelText('Celular do advogado')).toBeDisabled();
    expect(c.getByText('Somente administradores alteram estes dados.')).toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });
});

describe('office profile helpers', () => {
  it('masks the ZIP as it is typed', () => {
    expect(maskZip('02110')).toBe('02110');
    expect(maskZip('021101234')).toBe('02110-1234');
    expect(maskZip('02110-12345678')).toBe('02110-1234');
    expect(maskZip('ab0-2')).toBe('02');
  });

  it('writes US phones in one form and leaves others as typed', () => {
    expect(formatPhone('617.555.0100')).toBe('+1 (617) 555-0100');
    expect(formatPhone('1 617 555 0100')).toBe('+1 (617) 555-0100');
    expect(formatPhone('+55 11 91234-5678')).toBe('+55 11 91234-5678');
    expect(formatPhone('555-0100')).toBe('555-0100');
  });

  it('saves codes in upper case, e-mails in lower case and blanks as null', () => {
    const row = toProfileRow({
      ...toProfileForm(null),
      office_state: 'ma',
      attorney_eoir_id: 'qx123456',
      office_email: ' Contato@Escritorio.TEST ',
      office_city: '   ',
    });
    expect(row).toMatchObject({
      office_state: 'MA',
      attorney_eoir_id: 'QX123456',
      office_email: 'contato@escritorio.test',
      office_city: null,
      attorney_name: null,
    });
  });
});
