/** /agendamentos: the upcoming appointments (sample data until the calendar is connected). */
import { MapPin, Video } from 'lucide-react';
import { useMemo } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { SampleNotice } from '../components/coming-soon';
import { sampleAppointments } from '../sample-data';

export default function AgendamentosPage() {
  const appointments = useMemo(() => sampleAppointments(), []);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader className="mb-0" title="Agendamentos" description="Reuniões com clientes, presenciais ou pelo Google Meet." />
      <SampleNotice>
        Exemplos de agendamentos. A agenda do escritório será sincronizada com o Google Calendar (veja Integrações).
      </SampleNotice>
      <Card className="py-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Cliente</TableHead>
              <TableHead>Data</TableHead>
              <TableHead>Horário</TableHead>
              <TableHead>Tipo</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {appointments.map((item) => (
              <TableRow key={`${item.client}-${item.date}-${item.time}`}>
                <TableCell className="font-medium">{item.client}</TableCell>
                <TableCell>{formatDate(item.date)}</TableCell>
                <TableCell>{item.time}</TableCell>
                <TableCell>
                  <Badge variant="outline">
                    {item.type === 'meet' ? <Video aria-hidden="true" /> : <MapPin aria-hidden="true" />}
                    {item.type === 'meet' ? 'Google Meet' : 'Presencial'}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
