/** The final action cut-off of the last 12 bulletins against the priority date (a small line chart). */
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, parseDate } from '@/lib/format';
import type { BulletinPoint } from '../rules';

function label(ms: number): string {
  return formatDate(new Date(ms));
}

function monthLabel(month: string): string {
  const d = parseDate(month);
  return d ? `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}` : month;
}

export function MovementChart({ history, priorityDate }: { history: BulletinPoint[]; priorityDate: string | null }) {
  const points = history
    .filter((h) => h.cutoff_date)
    .map((h) => ({ month: monthLabel(h.month), cutoff: parseDate(h.cutoff_date)!.getTime() }));
  if (points.length === 0) {
    return <p className="text-sm text-muted-foreground">Sem datas de corte nos últimos 12 meses para desenhar.</p>;
  }
  const priority = parseDate(priorityDate)?.getTime();
  const values = points.map((p) => p.cutoff).concat(priority ? [priority] : []);
  const pad = 1000 * 60 * 60 * 24 * 60;
  return (
    <figure className="h-48 w-full" aria-label="Movimento da data de corte nos últimos 12 meses">
      <ResponsiveContainer>
        <LineChart data={points} margin={{ left: 8, right: 8, top: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" fontSize={11} />
          <YAxis
            type="number"
            domain={[Math.min(...values) - pad, Math.max(...values) + pad]}
            tickFormatter={label}
            fontSize={11}
            width={76}
          />
          <Tooltip formatter={(value) => [label(Number(value)), 'Data de corte']} />
          {priority && <ReferenceLine y={priority} stroke="#b45309" strokeDasharray="4 2" label="Prioridade" />}
          <Line type="stepAfter" dataKey="cutoff" stroke="#2563eb" strokeWidth={2} dot isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
