import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldErrorsOf, serverFieldErrors } from '../lib/form-errors';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/** The schema's input fields as the text inputs hold them. */
export type FormValues<Schema extends z.ZodType<unknown, Record<string, unknown>>> = {
  [Field in keyof z.input<Schema> & string]-?: string;
};

export interface ZodFormOptions<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer> {
  /** The contract's schema; the form sends nothing until the values pass it. */
  schema: Schema;
  /** The inputs' values on the first render. */
  initialValues: FormValues<Schema>;
  /** Sends what the schema parsed out of the values. */
  mutationFn: (data: z.output<Schema>) => Promise<Answer>;
  onSuccess?: (answer: Answer) => void;
  /** Runs once the fields the server refused show their messages; the form fails when it settles. */
  onError?: (error: unknown) => unknown;
  /** Where the server's name for a field differs from the form's (`shippingAddress.city` is `city`). */
  formFieldName?: (serverField: string) => string;
}

/** What `field(name)` spreads onto a `Field`: its name, value, error and change handler. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { currentTarget: HTMLInputElement }) => void;
}

export interface ZodForm<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer> {
  formRef: RefObject<HTMLFormElement | null>;
  values: FormValues<Schema>;
  errors: FieldErrors;
  mutation: UseMutationResult<Answer, Error, z.output<Schema>>;
  field: (name: keyof FormValues<Schema> & string) => BoundField;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form of text inputs checked against a zod schema before it is sent. A submit parses the values:
 * problems show under their fields and focus moves to the first invalid input; clean values go to
 * `mutationFn`. Fields the server refuses (a 400's `fields`) show under their inputs as well.
 */
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer>(
  options: ZodFormOptions<Schema, Answer>,
): ZodForm<Schema, Answer> {
  const { schema, formFieldName, onError } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(formRef, errors, attempt);

  const mutation = useMutation({
    mutationFn: options.mutationFn,
    ...(options.onSuccess ? { onSuccess: options.onSuccess } : {}),
    onError: (error) => {
      const refused = serverFieldErrors(error);
      setErrors(
        formFieldName
          ? Object.fromEntries(
              Object.entries(refused).map(([field, message]) => [formFieldName(field), message]),
            )
          : refused,
      );
      return onError?.(error);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setAttempt((count) => count + 1);
    mutation.reset();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  const field = (name: keyof FormValues<Schema> & string): BoundField => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  return { formRef, values, errors, mutation, field, onSubmit };
}
