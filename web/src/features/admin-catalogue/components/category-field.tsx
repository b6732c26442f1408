import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCategoriesQuery } from '../api/products';

// Categories are trimmed by the server, so no real one starts with a space.
const NEW_CATEGORY = ' new';

export interface CategoryFieldProps {
  value: string;
  onChange: (category: string) => void;
  /** The id the form focuses for a category problem, and the error's id. */
  id: string;
  errorId: string;
  error: string | undefined;
  disabled: boolean;
}

/**
 * The product's category, chosen from the categories the shop has, so "tops" beside "Tops" is not
 * made by a slip of the keyboard; "New category…" opens a text box on purpose (the server files a
 * new name that differs only in capitals under the existing one). While the list cannot be had, the
 * text box is all there is.
 */
export function CategoryField({ value, onChange, id, errorId, error, disabled }: CategoryFieldProps) {
  const categories = useQuery(adminCategoriesQuery());
  const names = (categories.data ?? []).map((entry) => entry.category);
  const known = names.some((name) => name === value);
  const [typingNew, setTypingNew] = useState(false);
  const listed = names.length > 0;
  const showTextBox = !listed || typingNew || (value !== '' && !known);

  const errorText = error && (
    <p id={errorId} className="admin-field-error">
      {error}
    </p>
  );
  const wiring = {
    disabled,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;

  const textBox = (label: string) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="category"
        type="text"
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.currentTarget.value)}
        {...wiring}
      />
    </>
  );

  if (!listed) {
    return (
      <div className="admin-field">
        {textBox('Category')}
        {errorText}
      </div>
    );
  }

  return (
    <div className="admin-field">
      <label htmlFor={showTextBox ? `${id}-choice` : id}>Category</label>
      <select
        id={showTextBox ? `${id}-choice` : id}
        name={showTextBox ? undefined : 'category'}
        value={showTextBox ? NEW_CATEGORY : value}
        onChange={(event) => {
          const choice = event.currentTarget.value;
          setTypingNew(choice === NEW_CATEGORY);
          onChange(choice === NEW_CATEGORY ? '' : choice);
        }}
        {...(showTextBox ? { disabled } : wiring)}
      >
        <option value="" disabled>
          Choose a category…
        </option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={NEW_CATEGORY}>New category…</option>
      </select>
      {showTextBox && textBox('New category name')}
      {errorText}
    </div>
  );
}
