import { type RefObject, useEffect } from 'react';

/** After a submit that found problems, moves focus to the first invalid input so keyboard users land there. */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  errors: object,
  attempt: number,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per submit attempt, after the errors render.
  useEffect(() => {
    if (attempt === 0 || Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
}
