import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface FormFieldProps {
  label: ReactNode;
  /** errors.<field> from react-hook-form's formState (or a plain message). */
  error?: FieldError | string;
  description?: ReactNode;
  /** id for the control; generated when absent. */
  id?: string;
  className?: string;
  /** One control (Input, Textarea, SelectTrigger...). It receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * Label + control + error message, wired for accessibility.
 *
 *   <FormField label="Nome completo" error={errors.full_name}>
 *     <Input {...register('full_name')} />
 *   </FormField>
 */
export function FormField({ label, error, description, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? (children.props.id as string | undefined) ?? generated;
  const message = typeof error === 'string' ? error : error?.message;
  const messageId = `${controlId}-error`;
  const descriptionId = `${controlId}-description`;
  const describedBy = [description ? descriptionId : null, message ? messageId : null].filter(Boolean).join(' ') || undefined;

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {control}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {message && (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
