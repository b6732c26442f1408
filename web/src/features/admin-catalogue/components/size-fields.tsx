import { SIZES, type Size } from '@shop/contracts';
import type { FieldErrors } from '../../../lib/form-errors';
import { sizeStockField } from './product-form-values';

export interface SizeFieldsProps {
  sizes: readonly Size[];
  stockBySize: Partial<Record<Size, string>>;
  errors: FieldErrors;
  disabled: boolean;
  idFor: (field: string) => string;
  errorIdFor: (field: string) => string;
  describedBy: (field: string) => string | undefined;
  onToggle: (size: Size, checked: boolean) => void;
  onStockChange: (size: Size, text: string) => void;
}

/** The product form's sizes, and a stock field for each size chosen. */
export function SizeFields({
  sizes,
  stockBySize,
  errors,
  disabled,
  idFor,
  errorIdFor,
  describedBy,
  onToggle,
  onStockChange,
}: SizeFieldsProps) {
  return (
    <>
      <fieldset
        className="admin-field admin-sizes"
        data-field="sizes"
        aria-describedby={describedBy('sizes')}
        disabled={disabled}
      >
        <legend>Sizes</legend>
        <div className="admin-sizes__list">
          {SIZES.map((size) => (
            <label key={size} className="admin-check">
              <input
                type="checkbox"
                name="sizes"
                value={size}
                checked={sizes.includes(size)}
                onChange={(event) => onToggle(size, event.currentTarget.checked)}
              />
              {size}
            </label>
          ))}
        </div>
        {errors.sizes && (
          <p id={errorIdFor('sizes')} className="admin-field-error">
            {errors.sizes}
          </p>
        )}
      </fieldset>

      {sizes.length > 0 && (
        <fieldset className="admin-field admin-size-stock" disabled={disabled}>
          <legend>Stock per size</legend>
          <div className="admin-size-stock__list">
            {sizes.map((size) => {
              const field = sizeStockField(size);
              return (
                <div key={size} className="admin-field">
                  <label htmlFor={idFor(field)}>Stock of {size}</label>
                  <input
                    id={idFor(field)}
                    name={field}
                    type="number"
                    step="1"
                    min="0"
                    inputMode="numeric"
                    value={stockBySize[size] ?? ''}
                    aria-required="true"
                    aria-invalid={errors[field] ? true : undefined}
                    aria-describedby={describedBy(field)}
                    onChange={(event) => onStockChange(size, event.currentTarget.value)}
                  />
                  {errors[field] && (
                    <p id={errorIdFor(field)} className="admin-field-error">
                      {errors[field]}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    </>
  );
}
