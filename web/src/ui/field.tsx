import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import './field.css';

interface FieldFrameProps {
  label: ReactNode;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string | undefined;
  /** Advice shown under the label, read with the control. */
  hint?: ReactNode;
  className?: string | undefined;
}

interface FieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {}

interface TextAreaFieldProps
  extends FieldFrameProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}

/** The label, hint and error around one control, and the attributes that tie the control to them. */
function FieldFrame({
  label,
  error,
  hint,
  className,
  control,
}: FieldFrameProps & {
  control: (wiring: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
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
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's props split into the frame's (label, hint, error, class) and the control's. */
function splitFrame<Props extends FieldFrameProps>({ label, error, hint, className, ...control }: Props) {
  return [{ label, error, hint, className }, control] as const;
}

/**
 * A labelled input with its hint and error wired up for assistive technology (`aria-describedby`,
 * `aria-invalid`). Every input of the shop's forms goes through here so none lacks a label.
 */
export function Field(props: FieldProps) {
  const [frame, input] = splitFrame(props);
  return (
    <FieldFrame {...frame} control={(wiring) => <input {...wiring} className="field__input" {...input} />} />
  );
}

/** `Field` for several lines of text. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [frame, textarea] = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(wiring) => <textarea {...wiring} className="textarea" {...textarea} />}
    />
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
