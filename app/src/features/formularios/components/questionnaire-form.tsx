/**
 * The intake questionnaire (portal and staff review): one react-hook-form over the sections of
 * QUESTIONNAIRE, validated with zod, saved as the person types (debounced) whenever what is written is
 * well-formed. A client cannot change it once the office reviewed it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { useSaveQuestionnaire } from '../api/mutations';
import type { Questionnaire } from '../api/types';
import { QUESTIONNAIRE, type QuestionField, type QuestionSection } from '../questionnaire/definition';
import { answersSchema, toFormValues, type Answers } from '../questionnaire/validation';
import { questionnaireStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { NativeSelect } from './native-select';

export const AUTOSAVE_MS = 800;

type FormErrors = FieldErrors<Answers>;

function fieldError(errors: FormErrors, path: (string | number)[]) {
  let node: unknown = errors;
  for (const part of path) node = (node as Record<string | number, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
}

interface QuestionInputProps {
  field: QuestionField;
  name: string;
  register: UseFormRegister<Answers>;
  /** id and aria-* from the enclosing FormField, passed on to the control. */
  [aria: string]: unknown;
}

function QuestionInput({ field, name, register, ...wiring }: QuestionInputProps) {
  // react-hook-form's typed paths cannot describe sections built from data
  const registered = { ...register(name as never), ...wiring };
  if (field.kind === 'select') {
    return (
      <NativeSelect {...registered}>
        <option value="">Selecione</option>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return <Input type={field.kind} placeholder={field.placeholder} autoComplete="off" {...registered} />;
}

function FieldsGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

interface SectionProps {
  section: QuestionSection;
  register: UseFormRegister<Answers>;
  errors: FormErrors;
  control: Control<Answers>;
  disabled: boolean;
}

function RepeatedSection({ section, register, errors, control, disabled }: SectionProps) {
  const { fields, append, remove } = useFieldArray({ control, name: section.key as never });
  const blank = Object.fromEntries(section.fields.map((field) => [field.key, '']));
  return (
    <div className="grid gap-4">
      {fields.map((item, index) => (
        <fieldset key={item.id} className="grid gap-3 rounded-md border p-4">
          <div className="flex items-center justify-between gap-2">
            <legend className="font-medium">
              {section.repeated?.itemLabel} {index + 1}
            </legend>
            {!disabled && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => remove(index)}
                aria-label={`${t.remove} ${section.repeated?.itemLabel} ${index + 1}`}
              >
                <Trash2 aria-hidden="true" />
                {t.remove}
              </Button>
            )}
          </div>
          <FieldsGrid>
            {section.fields.map((field) => (
              <FormField
                key={field.key}
                label={`${field.label} (${section.repeated?.itemLabel} ${index + 1})`}
                error={fieldError(errors, [section.key, index, field.key])}
              >
                <QuestionInput field={field} name={`${section.key}.${index}.${field.key}`} register={register} />
              </FormField>
            ))}
          </FieldsGrid>
        </fieldset>
      ))}
      {!disabled && (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => append(blank as never)}>
          <Plus aria-hidden="true" />
          {section.repeated?.addLabel}
        </Button>
      )}
    </div>
  );
}

function SingleSection({ section, register, errors }: SectionProps) {
  return (
    <FieldsGrid>
      {section.fields.map((field) => (
        <FormField key={field.key} label={field.label} error={fieldError(errors, [section.key, field.key])}>
          <QuestionInput field={field} name={`${section.key}.${field.key}`} register={register} />
        </FormField>
      ))}
    </FieldsGrid>
  );
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'invalid' };

export interface QuestionnaireFormProps {
  clientId: string;
  questionnaire: Questionnaire | null;
  /** A client cannot edit a reviewed questionnaire; staff always can. */
  locked: boolean;
  /** Buttons under the form (send, review, reopen). */
  actions?: ReactNode;
}

export function QuestionnaireForm({ clientId, questionnaire, locked, actions }: QuestionnaireFormProps) {
  const save = useSaveQuestionnaire(clientId);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  const {
    register,
    control,
    subscribe,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<Answers>({
    resolver: zodResolver(answersSchema) as never,
    mode: 'onChange',
    defaultValues: toFormValues(questionnaire?.answers),
  });

  const saveNow = useCallback(async () => {
    if (!(await trigger())) {
      setState({ kind: 'invalid' });
      return;
    }
    setState({ kind: 'saving' });
    try {
      await save.mutateAsync({ answers: getValues() });
      setState({ kind: 'saved', at: new Date() });
    } catch (error) {
      setState({ kind: 'idle' });
      toast.error(t.saveError, { description: errorMessage(error) });
    }
  }, [getValues, save, trigger]);

  // The subscription outlives re-renders (an error message appearing must not drop the pending save).
  const latestSave = useRef(saveNow);
  useEffect(() => {
    latestSave.current = saveNow;
  }, [saveNow]);
  useEffect(() => {
    if (locked) return undefined;
    // subscribe (not watch): a change of values schedules the save without re-rendering the form
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => {
          timer.current = undefined;
          void latestSave.current();
        }, AUTOSAVE_MS);
      },
    });
    return () => {
      unsubscribe();
      if (timer.current !== undefined) {
        // leaving the page: what was typed in the last moment is still saved
        window.clearTimeout(timer.current);
        void latestSave.current();
      }
    };
  }, [locked, subscribe]);

  return (
    <form className="grid gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
      {locked && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t.lockedNotice}
        </p>
      )}
      <fieldset disabled={locked} className="grid gap-4">
        {QUESTIONNAIRE.map((section) => {
          const Section = section.repeated ? RepeatedSection : SingleSection;
          return (
            <Card key={section.key}>
              <CardHeader>
                <CardTitle>{section.title}</CardTitle>
                {section.description && <CardDescription>{section.description}</CardDescription>}
              </CardHeader>
              <CardContent>
                <Section section={section} register={register} errors={errors} control={control} disabled={locked} />
              </CardContent>
            </Card>
          );
        })}
      </fieldset>
      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-md border bg-card p-3 shadow-sm">
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="autosave-status">
          {state.kind === 'saving' && t.saving}
          {state.kind === 'saved' && fill(t.saved, { time: format(state.at, 'HH:mm:ss') })}
          {state.kind === 'invalid' && <span className="text-destructive">{t.unsaved}</span>}
        </p>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
    </form>
  );
}
