/** The lookups whose provider the administrator chooses (the `providers` system setting), and their options. */
import type { ProviderChoices } from './api/system-settings';

export interface ProviderService {
  field: keyof ProviderChoices;
  name: string;
  options: readonly { value: string; label: string; demo?: boolean }[];
}

export const PROVIDER_SERVICES: readonly ProviderService[] = [
  {
    field: 'uscis',
    name: 'Status de casos do USCIS',
    options: [
      { value: 'uscis', label: 'API oficial do USCIS (Case Status)' },
      { value: 'demo', label: 'Demonstração (status simulado)', demo: true },
    ],
  },
  {
    field: 'eoir',
    name: 'Casos na EOIR',
    options: [
      { value: 'http', label: 'Serviço de dados do escritório' },
      { value: 'assisted', label: 'Consulta assistida (resultado lido no portal da EOIR)' },
      { value: 'demo', label: 'Demonstração (resultado simulado)', demo: true },
    ],
  },
  {
    field: 'uscisForms',
    name: 'Edições dos formulários do USCIS',
    options: [
      { value: 'http', label: 'Páginas oficiais dos formulários (uscis.gov)' },
      { value: 'demo', label: 'Demonstração (lista offline)', demo: true },
    ],
  },
  {
    field: 'exchangeRates',
    name: 'Cotação do dólar',
    options: [
      { value: 'ptax', label: 'PTAX do Banco Central do Brasil' },
      { value: 'demo', label: 'Demonstração (cotação simulada)', demo: true },
    ],
  },
];

export function isDemoChoice(service: ProviderService, value: string): boolean {
  return service.options.some((option) => option.value === value && option.demo === true);
}
