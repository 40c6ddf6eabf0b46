import { useId, type ComponentPropsWithRef } from 'react';

interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  /** One message, several joined by newlines, or a list; each is shown on its own line under the field. */
  errors?: string | string[];
  /**
   * A note under the field that is not an error (e.g. "the limit is reached"). Pass '' rather than leaving it out
   * while there is nothing to say: the note lives in a polite live region, which has to exist before it speaks.
   */
  hint?: string;
}

export function toMessages(errors: string | string[] | undefined): string[] {
  if (!errors) return [];
  return (Array.isArray(errors) ? errors : errors.split('\n')).filter(Boolean);
}

/** A labelled input with its error texts (data-testid="field-error"). */
export function TextField({ label, errors, hint, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messages = toMessages(errors);
  const errorId = `${inputId}-errors`;
  const hintId = `${inputId}-hint`;
  const describedBy = [messages.length ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${messages.length ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={messages.length > 0} aria-describedby={describedBy} {...input} />
      {messages.length > 0 && (
        <div id={errorId}>
          {messages.map((message) => (
            <p key={message} className="field-error" data-testid="field-error" role="alert">
              {message}
            </p>
          ))}
        </div>
      )}
      {hint !== undefined && (
        <p id={hintId} className="field-hint" role="status" data-testid="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
