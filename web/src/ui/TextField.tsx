import { useId, type ComponentPropsWithRef } from 'react';

interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  /** One message, several joined by newlines, or a list; each is shown on its own line under the field. */
  errors?: string | string[];
}

export function toMessages(errors: string | string[] | undefined): string[] {
  if (!errors) return [];
  return (Array.isArray(errors) ? errors : errors.split('\n')).filter(Boolean);
}

/** A labelled input with its error texts (data-testid="field-error"). */
export function TextField({ label, errors, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messages = toMessages(errors);
  const errorId = `${inputId}-errors`;
  return (
    <div className={`field ${messages.length ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={messages.length > 0} aria-describedby={messages.length ? errorId : undefined} {...input} />
      {messages.length > 0 && (
        <div id={errorId}>
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
