/**
 * The intake questionnaire, as data: sections (single or repeated) and their fields. The portal form,
 * the staff review and the mapping's data-path picker are all built from this one description, and the
 * answers are stored as { [section]: {...} | [{...}] } in client_questionnaires.answers.
 */
export type FieldKind = 'text' | 'date' | 'select' | 'email' | 'tel';
export type FieldRule = 'aNumber' | 'ssn' | 'receipt';

export interface QuestionField {
  key: string;
  label: string;
  kind: FieldKind;
  options?: readonly { value: string; label: string }[];
  rule?: FieldRule;
  placeholder?: string;
}

export interface QuestionSection {
  key: string;
  title: string;
  description?: string;
  /** Repeated entries (addresses, children...) instead of one set of answers. */
  repeated?: { itemLabel: string; addLabel: string };
  fields: readonly QuestionField[];
}

const YES_NO = [
  { value: 'sim', label: 'Sim' },
  { value: 'nao', label: 'Não' },
] as const;

export const QUESTIONNAIRE: readonly QuestionSection[] = [
  {
    key: 'personal',
    title: 'Dados pessoais',
    fields: [
      { key: 'full_name', label: 'Nome completo', kind: 'text' },
      { key: 'date_of_birth', label: 'Data de nascimento', kind: 'date' },
      {
        key: 'sex',
        label: 'Sexo',
        kind: 'select',
        options: [
          { value: 'F', label: 'Feminino' },
          { value: 'M', label: 'Masculino' },
        ],
      },
      { key: 'city_of_birth', label: 'Cidade de nascimento', kind: 'text' },
      { key: 'country_of_birth', label: 'País de nascimento', kind: 'text' },
      { key: 'nationality', label: 'Nacionalidade', kind: 'text' },
      { key: 'a_number', label: 'Número A (A-Number)', kind: 'text', rule: 'aNumber', placeholder: 'A123456789' },
      { key: 'ssn', label: 'Social Security Number (SSN)', kind: 'text', rule: 'ssn', placeholder: '123-45-6789' },
      { key: 'uscis_account', label: 'Número da conta online do USCIS', kind: 'text' },
      { key: 'passport_number', label: 'Número do passaporte', kind: 'text' },
      { key: 'phone', label: 'Telefone', kind: 'tel' },
      { key: 'email', label: 'E-mail', kind: 'email' },
      { key: 'times_married', label: 'Quantas vezes já se casou (incluindo o casamento atual)', kind: 'text' },
    ],
  },
  {
    key: 'names_used',
    title: 'Outros nomes usados',
    description: 'Nomes de solteira, apelidos ou grafias diferentes que já usou.',
    repeated: { itemLabel: 'Nome', addLabel: 'Adicionar nome' },
    fields: [{ key: 'full_name', label: 'Nome completo', kind: 'text' }],
  },
  {
    key: 'addresses',
    title: 'Endereços dos últimos 5 anos',
    description: 'Comece pelo endereço atual (deixe "Até" em branco).',
    repeated: { itemLabel: 'Endereço', addLabel: 'Adicionar endereço' },
    fields: [
      { key: 'street', label: 'Rua, número e complemento', kind: 'text' },
      { key: 'city', label: 'Cidade', kind: 'text' },
      { key: 'state', label: 'Estado', kind: 'text' },
      { key: 'zip', label: 'CEP / ZIP code', kind: 'text' },
      { key: 'country', label: 'País', kind: 'text' },
      { key: 'from', label: 'Desde', kind: 'date' },
      { key: 'to', label: 'Até', kind: 'date' },
    ],
  },
  {
    key: 'marital',
    title: 'Estado civil',
    fields: [
      {
        key: 'status',
        label: 'Estado civil atual',
        kind: 'select',
        options: [
          { value: 'solteiro', label: 'Solteiro(a)' },
          { value: 'casado', label: 'Casado(a)' },
          { value: 'divorciado', label: 'Divorciado(a)' },
          { value: 'viuvo', label: 'Viúvo(a)' },
        ],
      },
      { key: 'spouse_full_name', label: 'Nome completo do cônjuge', kind: 'text' },
      { key: 'spouse_date_of_birth', label: 'Data de nascimento do cônjuge', kind: 'date' },
      { key: 'marriage_date', label: 'Data do casamento', kind: 'date' },
      { key: 'marriage_place', label: 'Local do casamento', kind: 'text', placeholder: 'Cidade, País' },
      {
        key: 'spouse_sex',
        label: 'Sexo do cônjuge',
        kind: 'select',
        options: [
          { value: 'F', label: 'Feminino' },
          { value: 'M', label: 'Masculino' },
        ],
      },
      { key: 'spouse_city_of_birth', label: 'Nascimento do cônjuge — cidade', kind: 'text' },
      { key: 'spouse_country_of_birth', label: 'Nascimento do cônjuge — país', kind: 'text' },
      {
        key: 'spouse_citizenship',
        label: 'O cônjuge é',
        kind: 'select',
        options: [
          { value: 'cidadao', label: 'Cidadão(ã) americano(a)' },
          { value: 'residente', label: 'Residente permanente (green card)' },
          { value: 'outro', label: 'Outro' },
        ],
      },
      {
        key: 'spouse_a_number',
        label: 'Número A do cônjuge',
        kind: 'text',
        rule: 'aNumber',
        placeholder: 'A123456789',
      },
      { key: 'spouse_ssn', label: 'SSN do cônjuge', kind: 'text', rule: 'ssn', placeholder: '123-45-6789' },
      { key: 'spouse_uscis_account', label: 'Conta online do USCIS do cônjuge', kind: 'text' },
      { key: 'spouse_other_name', label: 'Outro nome usado pelo cônjuge', kind: 'text' },
      { key: 'spouse_times_married', label: 'Quantas vezes o cônjuge já se casou', kind: 'text' },
      { key: 'spouse_phone', label: 'Telefone do cônjuge', kind: 'tel' },
      { key: 'spouse_email', label: 'E-mail do cônjuge', kind: 'email' },
      { key: 'spouse_employer', label: 'Empregador do cônjuge', kind: 'text' },
      { key: 'spouse_occupation', label: 'Ocupação do cônjuge', kind: 'text' },
      { key: 'spouse_annual_income', label: 'Renda anual do cônjuge (US$)', kind: 'text' },
      { key: 'spouse_class_of_admission', label: 'Categoria de admissão do cônjuge (se residente)', kind: 'text' },
      { key: 'spouse_date_of_admission', label: 'Data de admissão do cônjuge (se residente)', kind: 'date' },
    ],
  },
  {
    key: 'previous_marriages',
    title: 'Casamentos anteriores',
    repeated: { itemLabel: 'Casamento anterior', addLabel: 'Adicionar casamento anterior' },
    fields: [
      { key: 'spouse_full_name', label: 'Nome do ex-cônjuge', kind: 'text' },
      { key: 'marriage_date', label: 'Data do casamento', kind: 'date' },
      { key: 'end_date', label: 'Data do término', kind: 'date' },
      {
        key: 'end_reason',
        label: 'Motivo do término',
        kind: 'select',
        options: [
          { value: 'divorcio', label: 'Divórcio' },
          { value: 'falecimento', label: 'Falecimento' },
          { value: 'anulacao', label: 'Anulação' },
        ],
      },
    ],
  },
  {
    key: 'children',
    title: 'Filhos',
    repeated: { itemLabel: 'Filho(a)', addLabel: 'Adicionar filho(a)' },
    fields: [
      { key: 'full_name', label: 'Nome completo', kind: 'text' },
      { key: 'date_of_birth', label: 'Data de nascimento', kind: 'date' },
      { key: 'country_of_birth', label: 'País de nascimento', kind: 'text' },
    ],
  },
  {
    key: 'parents',
    title: 'Pais',
    description: 'Dados do pai e da mãe, como constam nas certidões.',
    fields: [
      { key: 'father_full_name', label: 'Nome do pai (completo)', kind: 'text' },
      { key: 'father_date_of_birth', label: 'Nascimento do pai — data', kind: 'date' },
      { key: 'father_city_of_birth', label: 'Nascimento do pai — cidade', kind: 'text' },
      { key: 'father_country_of_birth', label: 'Nascimento do pai — país', kind: 'text' },
      { key: 'father_city_of_residence', label: 'Cidade onde o pai mora', kind: 'text' },
      { key: 'father_country_of_residence', label: 'País onde o pai mora', kind: 'text' },
      { key: 'mother_full_name', label: 'Nome da mãe (completo, de solteira)', kind: 'text' },
      { key: 'mother_date_of_birth', label: 'Nascimento da mãe — data', kind: 'date' },
      { key: 'mother_city_of_birth', label: 'Nascimento da mãe — cidade', kind: 'text' },
      { key: 'mother_country_of_birth', label: 'Nascimento da mãe — país', kind: 'text' },
      { key: 'mother_city_of_residence', label: 'Cidade onde a mãe mora', kind: 'text' },
      { key: 'mother_country_of_residence', label: 'País onde a mãe mora', kind: 'text' },
    ],
  },
  {
    key: 'employment',
    title: 'Empregos dos últimos 5 anos',
    repeated: { itemLabel: 'Emprego', addLabel: 'Adicionar emprego' },
    fields: [
      { key: 'employer', label: 'Empregador', kind: 'text' },
      { key: 'occupation', label: 'Cargo / ocupação', kind: 'text' },
      { key: 'city', label: 'Cidade', kind: 'text' },
      { key: 'from', label: 'Desde', kind: 'date' },
      { key: 'to', label: 'Até', kind: 'date' },
    ],
  },
  {
    key: 'travel',
    title: 'Viagens para fora dos EUA',
    repeated: { itemLabel: 'Viagem', addLabel: 'Adicionar viagem' },
    fields: [
      { key: 'country', label: 'País de destino', kind: 'text' },
      { key: 'departure_date', label: 'Data de saída', kind: 'date' },
      { key: 'return_date', label: 'Data de retorno', kind: 'date' },
    ],
  },
  {
    key: 'immigration',
    title: 'Histórico imigratório',
    fields: [
      { key: 'last_entry_date', label: 'Data da última entrada nos EUA', kind: 'date' },
      { key: 'last_entry_place', label: 'Local da última entrada', kind: 'text' },
      { key: 'i94_number', label: 'Número do I-94', kind: 'text' },
      { key: 'status_at_entry', label: 'Status na entrada (ex.: B2)', kind: 'text' },
      { key: 'current_status', label: 'Status atual', kind: 'text' },
      {
        key: 'previous_receipts',
        label: 'Número de recibo de pedido anterior',
        kind: 'text',
        rule: 'receipt',
        placeholder: 'MSC2090123456',
      },
      { key: 'removal_proceedings', label: 'Já esteve em processo de deportação?', kind: 'select', options: YES_NO },
      { key: 'permanent_resident_since', label: 'Data em que se tornou residente permanente', kind: 'date' },
      {
        key: 'conditional_residence_expires',
        label: 'Vencimento do green card condicional (2 anos), se tiver',
        kind: 'date',
      },
      {
        key: 'applied_abroad',
        label: 'Já pediu visto de imigrante em um consulado fora dos EUA?',
        kind: 'select',
        options: YES_NO,
      },
    ],
  },
  {
    key: 'interpreter',
    title: 'Idioma e intérprete',
    description: 'Os formulários perguntam se você lê inglês ou se um intérprete leu as perguntas para você.',
    fields: [
      { key: 'reads_english', label: 'Você lê e entende inglês?', kind: 'select', options: YES_NO },
      {
        key: 'sponsor_reads_english',
        label: 'O cônjuge (patrocinador) lê e entende inglês?',
        kind: 'select',
        options: YES_NO,
      },
      { key: 'language', label: 'Idioma do intérprete', kind: 'text', placeholder: 'Portuguese' },
      { key: 'full_name', label: 'Nome do intérprete (completo)', kind: 'text' },
      { key: 'organization', label: 'Empresa ou organização do intérprete', kind: 'text' },
      { key: 'phone', label: 'Telefone do intérprete', kind: 'tel' },
      { key: 'email', label: 'E-mail do intérprete', kind: 'email' },
    ],
  },
];

/** How many entries of a repeated section the mapping picker offers (USCIS forms have a few rows each). */
export const MAPPABLE_ENTRIES = 5;
