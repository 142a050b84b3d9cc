/** The versions of the terms of use and privacy notice a client accepted (administrators' LGPD panel). */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useClientConsents } from '../api/legal';
import { fill, privacidadeStrings as t } from '../strings';

export function ClientConsentsCard({ clientId }: { clientId: string }) {
  const consents = useClientConsents(clientId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.clientConsentsTitle}</CardTitle>
        <CardDescription>{t.clientConsentsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {consents.error ? (
          <p role="alert" className="text-destructive">
            {fill(t.loadError, { message: errorMessage(consents.error) })}
          </p>
        ) : consents.isPending ? (
          <Spinner />
        ) : consents.data.length === 0 ? (
          <p className="text-muted-foreground">{t.clientConsentsEmpty}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t.consentDocument}</TableHead>
                  <TableHead>{t.consentVersionColumn}</TableHead>
                  <TableHead>{t.consentAcceptedAt}</TableHead>
                  <TableHead>{t.consentIp}</TableHead>
                  <TableHead>{t.consentUserAgent}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {consents.data.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{t.legalKind[c.kind] ?? c.kind}</TableCell>
                    <TableCell>{c.version}</TableCell>
                    <TableCell>{formatDateTime(c.accepted_at)}</TableCell>
                    <TableCell>{c.ip ?? '-'}</TableCell>
                    <TableCell className="max-w-xs break-words">{c.user_agent ?? '-'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
