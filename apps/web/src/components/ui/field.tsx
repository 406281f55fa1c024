import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/*
 * Form fields with their label, an optional hint and an error message, both tied to the control
 * with aria-describedby (and aria-invalid while there is an error).
 */

// The file: classes style a file field's own button ("Escolher arquivo"); other inputs ignore them.
const controlBase =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 disabled:bg-slate-100 disabled:text-slate-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100';

function controlClass(invalid: boolean): string {
  return `${controlBase} ${invalid ? 'border-red-600' : 'border-slate-300'}`;
}

type Described = { id: string; describedBy: string | undefined; hintId: string; errorId: string };

function useDescribed(givenId: string | undefined, hint: ReactNode, error: string | undefined): Described {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, describedBy, hintId, errorId };
}

function FieldText({ hint, error, ids }: { hint: ReactNode; error: string | undefined; ids: Described }) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

function Label({
  htmlFor,
  children,
  optional,
}: {
  htmlFor: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-900">
      {children}
      {optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
    </label>
  );
}

type CommonProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Adds "(opcional)" after the label. */
  optional?: boolean;
  className?: string;
};

export type TextFieldProps = CommonProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, optional, className, id, ...input }: TextFieldProps) {
  const ids = useDescribed(id, hint, error);
  return (
    <div className={className}>
      <Label htmlFor={ids.id} optional={optional ?? false}>
        {label}
      </Label>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(error))}
        {...input}
      />
      <FieldText hint={hint} error={error} ids={ids} />
    </div>
  );
}

export type TextAreaFieldProps = CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export function TextAreaField({
  label,
  hint,
  error,
  optional,
  className,
  id,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useDescribed(id, hint, error);
  return (
    <div className={className}>
      <Label htmlFor={ids.id} optional={optional ?? false}>
        {label}
      </Label>
      <textarea
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(error))}
        {...textarea}
      />
      <FieldText hint={hint} error={error} ids={ids} />
    </div>
  );
}

export type SelectFieldProps = CommonProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>;

export function SelectField({
  label,
  hint,
  error,
  optional,
  className,
  id,
  children,
  ...select
}: SelectFieldProps) {
  const ids = useDescribed(id, hint, error);
  return (
    <div className={className}>
      <Label htmlFor={ids.id} optional={optional ?? false}>
        {label}
      </Label>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(error))}
        {...select}
      >
        {children}
      </select>
      <FieldText hint={hint} error={error} ids={ids} />
    </div>
  );
}

export type CheckboxFieldProps = Omit<CommonProps, 'optional'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'>;

export function CheckboxField({ label, hint, error, className, id, ...input }: CheckboxFieldProps) {
  const ids = useDescribed(id, hint, error);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={ids.id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700"
          {...input}
        />
        <div className="min-w-0">
          <label htmlFor={ids.id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <FieldText hint={hint} error={error} ids={ids} />
        </div>
      </div>
    </div>
  );
}
