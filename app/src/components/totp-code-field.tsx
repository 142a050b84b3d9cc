/** The six-digit code of an authenticator app (sign-in second step, enrolment in Meu Perfil and before the staff area). */
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface TotpCodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

export function TotpCodeField({ label, value, onChange, error }: TotpCodeFieldProps) {
  return (
    <FormField label={label} error={error ?? undefined}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
