import { type ComponentProps, type FormEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
// Types only: the login page's form checks itself and must not fetch react-hook-form before its first paint
// (decision 017), so this file takes react-hook-form's methods from the form that made them instead of calling it.
import type { FieldErrors, FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { ErrorAnnouncer, type ErrorAnnouncerKind } from './error-announcer';

type FormElementProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate' | 'children'> & { children: ReactNode };

/** What a form that checks itself has announced so far; made by `useFormAnnouncer`, rendered by `Form`. */
export interface FormAnnouncer {
  count: number;
  attempt: number;
  kind: ErrorAnnouncerKind;
  /** Says how many fields (or messages) need attention after a submit; 0 says nothing. */
  announce(count: number): void;
}

/**
 * A react-hook-form form: `form` is `useForm({ resolver: zodResolver(schema), … })`'s result, kept by the feature
 * (it needs `control`, `reset`, `watch` outside the form too); `onSubmit` runs with the valid values.
 */
export type HookFormProps<TValues extends FieldValues, TOutput extends FieldValues = TValues> = FormElementProps & {
  // biome-ignore lint/suspicious/noExplicitAny: any context a form was made with
  form: UseFormReturn<TValues, any, TOutput>;
  /** Called with the schema's output (a zod resolver's transforms applied). */
  onSubmit: SubmitHandler<TOutput>;
  announcer?: never;
};

/**
 * A form that checks its fields itself (state and a schema's `safeParse`): `onSubmit` runs on every submit (the
 * browser's own submit is prevented) and reports the problems it found through `announcer.announce(count)`.
 */
export type CheckedFormProps = FormElementProps & {
  /** Left out by a form with nothing to check (its live region then stays silent). */
  announcer?: FormAnnouncer;
  onSubmit(): unknown;
  form?: never;
};

export type FormProps<TValues extends FieldValues, TOutput extends FieldValues = TValues> =
  | HookFormProps<TValues, TOutput>
  | CheckedFormProps;

function countErrors(errors: FieldErrors): number {
  let count = 0;
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    if ('message' in value || 'type' in value) count += 1;
    else count += countErrors(value as FieldErrors);
  }
  return count;
}

/**
 * The announcer of a form that checks itself. `kind` is 'shown' (the default) where the errors are shown with the
 * form and focus stays, 'summary' where the form moves focus to the first field with an error itself.
 */
export function useFormAnnouncer(kind: ErrorAnnouncerKind = 'shown'): FormAnnouncer {
  const [state, setState] = useState({ count: 0, attempt: 0 });
  const announce = useCallback((count: number) => setState((last) => ({ count, attempt: last.attempt + 1 })), []);
  return useMemo(() => ({ ...state, kind, announce }), [state, kind, announce]);
}

/**
 * Every form of the app (decision 027): `<form noValidate>` (the app shows its own messages), submit handling and
 * the assertive announcement of a failed submit (decisions 016, 018). With react-hook-form (`form`), the first
 * field with an error receives focus (react-hook-form's `shouldFocusError`) and the count is said with "the first
 * field … is selected"; a form that checks itself (`announcer`) says what its `announce` was given.
 */
export function Form<TValues extends FieldValues, TOutput extends FieldValues = TValues>(
  props: FormProps<TValues, TOutput>,
) {
  const { form, announcer, onSubmit, children, ...rest } = props;
  const hookAnnouncer = useFormAnnouncer('summary');
  const shown = announcer ?? hookAnnouncer;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A submit belongs to its own form: React passes events along its tree, across portals, so a dialog's form
    // inside another form (the link dialog in mail's compose) would otherwise submit that one too.
    event.stopPropagation();
    if (form) {
      // Counted once per finished submit, not while the user corrects the fields afterwards.
      return form.handleSubmit(
        async (values, submitEvent) => {
          hookAnnouncer.announce(0);
          await (onSubmit as SubmitHandler<TOutput>)(values, submitEvent);
        },
        (errors) => hookAnnouncer.announce(countErrors(errors)),
      )(event);
    }
    event.preventDefault();
    return (onSubmit as () => unknown)();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} {...rest}>
      {children}
      {/* Last: a form may be laid out by MUI (`<Stack component={Form}>`), whose spacing would move the first
          visible child if this out-of-flow region came first. */}
      <ErrorAnnouncer count={shown.count} attempt={shown.attempt} kind={shown.kind} />
    </form>
  );
}
