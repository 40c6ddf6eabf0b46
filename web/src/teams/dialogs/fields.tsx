import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageOf } from '../../api/client';
import { toMessages } from '../../ui/TextField';

/** A labelled textarea with its error texts, like TextField. */
export function TextAreaField({ label, errors, id, ...props }: ComponentPropsWithRef<'textarea'> & { label: string; errors?: string }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const messages = toMessages(errors);
  return (
    <div className={`field ${messages.length ? 'field--invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <textarea id={fieldId} rows={3} aria-invalid={messages.length > 0} aria-describedby={messages.length ? `${fieldId}-errors` : undefined} {...props} />
      {messages.length > 0 && (
        <div id={`${fieldId}-errors`}>
          {messages.map((message) => (
            <p key={message} className="field-error" data-testid="field-error" role="alert">
              {message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

/** A labelled native select (keyboard and screen readers know it), with its error texts. */
export function SelectField({
  label,
  errors,
  id,
  children,
  ...props
}: ComponentPropsWithRef<'select'> & { label: string; errors?: string; children: ReactNode }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const messages = toMessages(errors);
  return (
    <div className={`field ${messages.length ? 'field--invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <select id={fieldId} aria-invalid={messages.length > 0} aria-describedby={messages.length ? `${fieldId}-errors` : undefined} {...props}>
        {children}
      </select>
      {messages.length > 0 && (
        <div id={`${fieldId}-errors`}>
          {messages.map((message) => (
            <p key={message} className="field-error" data-testid="field-error" role="alert">
              {message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * A refusal from the server lands where it belongs: a 400's field messages under their fields (when the form has
 * that field), anything else in the form's red alert.
 */
export function showServerError<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>, fields: readonly Path<V>[]) {
  if (error instanceof ApiError && error.status === 400 && error.body.errors?.length) {
    let placed = false;
    for (const problem of error.body.errors) {
      const field = fields.find((f) => f === problem.path);
      if (field) {
        setError(field, { type: 'server', message: problem.message });
        placed = true;
      }
    }
    if (placed) return;
  }
  setError('root.server' as Path<V>, { type: 'server', message: messageOf(error) });
}

/** The form's red alert (a refusal not tied to one field). */
export function FormAlert({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert" data-testid="form-error">
      {message}
    </p>
  ) : null;
}
