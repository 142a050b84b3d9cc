/** The spec's sample tasks and appointments (no tables yet). Dates are relative to today so they stay current. */
import { addDays, format } from 'date-fns';
import { badgeColor } from '@/components/ui/badge';

export type Priority = 'alta' | 'média' | 'baixa';

export interface SampleTask {
  title: string;
  dueDate: string;
  priority: Priority;
  process: string;
  client: string;
  completed: boolean;
}

export interface SampleAppointment {
  client: string;
  date: string;
  time: string;
  type: 'meet' | 'presencial';
}

export const PRIORITY_LABELS: Record<Priority, string> = { alta: 'Alta', média: 'Média', baixa: 'Baixa' };

/** Priority colours (spec section 4): alta red, média yellow, baixa green. */
export const PRIORITY_COLORS: Record<Priority, string> = {
  alta: badgeColor.red,
  média: badgeColor.yellow,
  baixa: badgeColor.green,
};

const day = (now: Date, offset: number) => format(addDays(now, offset), 'yyyy-MM-dd');

export function sampleTasks(now: Date = new Date()): SampleTask[] {
  return [
    { title: 'Revisar formulário I-485', dueDate: day(now, 1), priority: 'alta', process: 'Green Card', client: 'Maria Silva', completed: false },
    { title: 'Preparar cliente para a entrevista', dueDate: day(now, 3), priority: 'média', process: 'Naturalização', client: 'João Souza', completed: false },
    { title: 'Protocolar resposta ao RFE', dueDate: day(now, 4), priority: 'alta', process: 'Visto T', client: 'Carlos Pereira', completed: false },
    { title: 'Solicitar tradução da certidão', dueDate: day(now, 5), priority: 'baixa', process: 'Asilo', client: 'João Souza', completed: true },
    { title: 'Atualizar endereço no USCIS (AR-11)', dueDate: day(now, 8), priority: 'baixa', process: 'DACA', client: 'Maria Silva', completed: false },
  ];
}

export function sampleAppointments(now: Date = new Date()): SampleAppointment[] {
  return [
    { client: 'Maria Silva', date: day(now, 1), time: '10:00', type: 'meet' },
    { client: 'João Souza', date: day(now, 2), time: '14:30', type: 'presencial' },
    { client: 'Carlos Pereira', date: day(now, 4), time: '09:00', type: 'meet' },
    { client: 'Maria Silva', date: day(now, 7), time: '16:00', type: 'presencial' },
  ];
}
