/** A cron schedule (pg_cron's syntax) in pt-BR words where it is a common shape; else the expression itself. */
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
const NAMED_DAYS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

const pad = (n: number) => String(n).padStart(2, '0');
const isNumber = (s: string) => /^\d+$/.test(s);

function weekday(field: string): number | null {
  const key = field.toLowerCase();
  if (key in NAMED_DAYS) return NAMED_DAYS[key] ?? null;
  return isNumber(field) && Number(field) <= 7 ? Number(field) % 7 : null;
}

export function describeSchedule(schedule: string): string {
  const text = schedule.trim().toLowerCase();
  const seconds = /^(\d+) seconds?$/.exec(text);
  if (seconds) return Number(seconds[1]) === 1 ? 'A cada segundo' : `A cada ${seconds[1]} segundos`;
  const named: Record<string, string> = {
    '@hourly': 'A cada hora',
    '@daily': 'Diariamente às 00:00',
    '@midnight': 'Diariamente às 00:00',
    '@weekly': 'Todo domingo às 00:00',
    '@monthly': 'Todo dia 1º às 00:00',
    '@yearly': 'Todo 1º de janeiro às 00:00',
    '@annually': 'Todo 1º de janeiro às 00:00',
  };
  const word = named[text];
  if (word) return word;
  const fields = text.split(/\s+/);
  if (fields.length !== 5) return schedule;
  const [minute = '', hour = '', dom = '', month = '', dow = ''] = fields;
  const everyMinutes = /^\*\/(\d+)$/.exec(minute);
  if (everyMinutes && hour === '*' && dom === '*' && month === '*' && dow === '*') {
    return Number(everyMinutes[1]) === 1 ? 'A cada minuto' : `A cada ${everyMinutes[1]} minutos`;
  }
  if (minute === '*' && hour === '*' && dom === '*' && month === '*' && dow === '*') return 'A cada minuto';
  if (!isNumber(minute) || !isNumber(hour) || month !== '*') return schedule;
  const at = `${pad(Number(hour))}:${pad(Number(minute))}`;
  if (dom === '*' && dow === '*') return `Diariamente às ${at}`;
  if (dom === '*' && dow === '1-5') return `De segunda a sexta às ${at}`;
  const day = dom === '*' ? weekday(dow) : null;
  if (day !== null) return `${day === 0 || day === 6 ? 'Todo' : 'Toda'} ${WEEKDAYS[day]} às ${at}`;
  if (isNumber(dom) && dow === '*') return `Todo dia ${Number(dom)} às ${at}`;
  return schedule;
}
