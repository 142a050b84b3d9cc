/** The spec's fixed sample lists: appointments and tasks have no tables yet. Dates are relative to today. */
import { addDays, format } from 'date-fns';

export type Priority = 'alta' | 'média' | 'baixa';

export interface SampleAppointment {
  client: string;
  date: string;
  time: string;
  /** meet = Google Meet, presencial = at the office. */
  type: 'meet' | 'presencial';
}

export interface SampleTask {
  title: string;
  dueDate: string;
  priority: Priority;
  process: string;
  client: string;
  completed: boolean;
}

const day = (now: Date, offset: number) => format(addDays(now, offset), 'yyyy-MM-dd');

export function sampleAppointments(now: Date = new Date()): SampleAppointment[] {
  return [
    { client: 'Maria Silva', date: day(now, 1), time: '10:00', type: 'meet' },
    { client: 'João Souza', date: day(now, 2), time: '14:30', type: 'presencial' },
    { client: 'Carlos Pereira', date: day(now, 4), time: '09:00', type: 'meet' },
  ];
}

export function sampleTasks(now: Date = new Date()): SampleTask[] {
  return [
    { title: 'Revisar formulário I-485', dueDate: day(now, 1), priority: 'alta', process: 'Green Card', client: 'Maria Silva', completed: false },
    { title: 'Preparar cliente para a entrevista', dueDate: day(now, 3), priority: 'média', process: 'Naturalização', client: 'João Souza', completed: false },
    { title: 'Solicitar tradução da certidão', dueDate: day(now, 5), priority: 'baixa', process: 'Asilo', client: 'João Souza', completed: true },
  ];
}

export const PRIORITY_LABELS: Record<Priority, string> = { alta: 'Alta', média: 'Média', baixa: 'Baixa' };
