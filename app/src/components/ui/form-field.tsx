import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useId,
  type ReactElement,
  type ReactNode,
} from 'react';
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

/** What a control nested deeper than FormField's direct child (e.g. a SelectTrigger inside a Controller) needs to wire itself. */
export interface FormFieldControlProps {
  id: string;
  'aria-labelledby': string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

const FormFieldContext = createContext<FormFieldControlProps | null>(null);

/** The id, label, description/error and invalid state of the enclosing FormField (null outside one). */
export function useFormFieldControl(): FormFieldControlProps | null {
  return useContext(FormFieldContext);
}

/**
 * Label + control + error message, wired for accessibility.
 *
 *   <FormField label="Nome completo" error={errors.full_name}>
 *     <Input {...register('full_name')} />
 *   </FormField>
 *
 * A SelectTrigger anywhere inside (e.g. in a Controller's render) takes the same wiring from context:
 * named by the label, described by the error text, aria-invalid while there is an error.
 */
export function FormField({ label, error, description, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? (children.props.id as string | undefined) ?? generated;
  const message = typeof error === 'string' ? error : error?.message;
  const messageId = `${controlId}-error`;
  const descriptionId = `${controlId}-description`;
  const labelId = `${controlId}-label`;
  const describedBy =
    [description ? descriptionId : null, message ? messageId : null].filter(Boolean).join(' ') || undefined;

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;

  const context: FormFieldControlProps = {
    id: controlId,
    'aria-labelledby': labelId,
    'aria-describedby': describedBy,
    'aria-invalid': message ? true : undefined,
  };

  return (
    <div className={cn('grid gap-2', className)}>
      <Label id={labelId} htmlFor={controlId}>
        {label}
      </Label>
      <FormFieldContext.Provider value={context}>{control}</FormFieldContext.Provider>
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
