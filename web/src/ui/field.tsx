import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './field.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | undefined;
  /** Advice shown under the label, read with the input. */
  hint?: ReactNode;
}

/**
 * A labelled input with its hint and error wired up for assistive technology (`aria-describedby`,
 * `aria-invalid`). Every input of the shop's forms goes through here so none lacks a label.
 */
export function Field({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`} data-invalid={error ? 'true' : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The red box for a form's failure (spec: order errors sit in a red box above the submit button). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}
