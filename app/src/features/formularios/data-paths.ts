/** What a form field can take its value from (the mapping's data paths) and how it is transformed. */
import type { Transform } from './api/types';
import { MAPPABLE_ENTRIES, QUESTIONNAIRE } from './questionnaire/definition';

export interface DataPathOption {
  value: string;
  label: string;
}

export interface DataPathGroup {
  label: string;
  options: DataPathOption[];
}

const CASE_GROUPS: DataPathGroup[] = [
  {
    label: 'Cliente',
    options: [
      { value: 'client.full_name', label: 'Cliente — Nome completo' },
      { value: 'client.email', label: 'Cliente — E-mail' },
      { value: 'client.phone', label: 'Cliente — Telefone' },
      { value: 'client.address', label: 'Cliente — Endereço' },
    ],
  },
  {
    label: 'Processo',
    options: [
      { value: 'process.id', label: 'Processo — ID' },
      { value: 'process.type', label: 'Processo — Tipo' },
      { value: 'process.receipt_number', label: 'Processo — Nº do recibo' },
      { value: 'process.category', label: 'Processo — Categoria' },
    ],
  },
  {
    label: 'Escritório / advogado',
    options: [
      { value: 'office.name', label: 'Escritório — Nome' },
      { value: 'office.street', label: 'Escritório — Endereço (rua e número)' },
      { value: 'office.suite', label: 'Escritório — Sala / conjunto' },
      { value: 'office.city', label: 'Escritório — Cidade' },
      { value: 'office.state', label: 'Escritório — Estado (sigla)' },
      { value: 'office.zip', label: 'Escritório — ZIP' },
      { value: 'office.address', label: 'Escritório — Endereço completo (uma linha)' },
      { value: 'office.phone', label: 'Escritório — Telefone' },
      { value: 'office.email', label: 'Escritório — E-mail' },
      { value: 'office.website', label: 'Escritório — Site' },
      { value: 'attorney.full_name', label: 'Advogado responsável — Nome completo' },
      { value: 'attorney.bar_number', label: 'Advogado responsável — Nº de inscrição na ordem (bar number)' },
      { value: 'attorney.bar_state', label: 'Advogado responsável — Estado da inscrição' },
      { value: 'attorney.licensing_authority', label: 'Advogado responsável — Órgão de licenciamento' },
      { value: 'attorney.eoir_id', label: 'Advogado responsável — EOIR ID' },
      { value: 'attorney.email', label: 'Advogado responsável — E-mail' },
      { value: 'attorney.phone', label: 'Advogado responsável — Telefone' },
      { value: 'attorney.mobile', label: 'Advogado responsável — Celular' },
      { value: 'attorney.fax', label: 'Advogado responsável — Fax' },
      { value: 'attorney.law_firm', label: 'Advogado responsável — Escritório (law firm)' },
      { value: 'preparer.full_name', label: 'Responsável pelo preenchimento — Nome' },
      { value: 'preparer.email', label: 'Responsável pelo preenchimento — E-mail' },
    ],
  },
  {
    label: 'Preenchimento',
    options: [
      { value: 'filing.date', label: 'Preenchimento — Data (assinatura do preparador)' },
      { value: 'filing.forms', label: 'Preenchimento — Formulários do pacote' },
    ],
  },
];

function questionnaireGroups(): DataPathGroup[] {
  return QUESTIONNAIRE.map((section) => {
    const options: DataPathOption[] = [];
    if (section.repeated) {
      for (let i = 0; i < MAPPABLE_ENTRIES; i += 1) {
        for (const field of section.fields) {
          options.push({
            value: `questionnaire.${section.key}.${i}.${field.key}`,
            label: `${section.repeated.itemLabel} ${i + 1} — ${field.label}`,
          });
        }
      }
    } else {
      for (const field of section.fields) {
        options.push({
          value: `questionnaire.${section.key}.${field.key}`,
          label: `${section.title} — ${field.label}`,
        });
      }
    }
    return { label: `Questionário: ${section.title}`, options };
  });
}

export const DATA_PATH_GROUPS: DataPathGroup[] = [...CASE_GROUPS, ...questionnaireGroups()];

const LABELS = new Map(
  DATA_PATH_GROUPS.flatMap((group) => group.options.map((option) => [option.value, option.label])),
);

/** The picker's label of a data path (the path itself when it is not one of the picker's). */
export function dataPathLabel(path: string): string {
  return LABELS.get(path) ?? path;
}

export const TRANSFORMS: readonly { value: Transform; label: string }[] = [
  { value: 'text', label: 'Texto como está' },
  { value: 'upper', label: 'MAIÚSCULAS' },
  { value: 'date_mdy', label: 'Data MM/DD/AAAA' },
  { value: 'name_first', label: 'Primeiro nome' },
  { value: 'name_middle', label: 'Nome do meio' },
  { value: 'name_last', label: 'Sobrenome' },
  { value: 'checkbox', label: 'Marcar caixa quando igual a…' },
  { value: 'phone_us', label: 'Telefone (XXX) XXX-XXXX' },
  { value: 'ssn', label: 'SSN XXX-XX-XXXX' },
  { value: 'a_number', label: 'Número A (9 dígitos)' },
  { value: 'receipt', label: 'Nº de recibo USCIS' },
  { value: 'digits', label: 'Somente dígitos' },
  { value: 'street', label: 'Endereço: rua e número (sem complemento)' },
  { value: 'unit_number', label: 'Endereço: número do complemento (Apt/Ste/Flr)' },
  { value: 'unit_is', label: 'Marcar caixa quando o complemento for… (APT, STE, FLR)' },
  { value: 'country_en', label: 'País em inglês' },
  { value: 'count', label: 'Quantidade (itens da lista)' },
  { value: 'place_city', label: 'Local: cidade' },
  { value: 'place_country', label: 'Local: país (em inglês)' },
];
