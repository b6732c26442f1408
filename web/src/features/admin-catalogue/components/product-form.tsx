import { type Product, SIZES, type Size } from '@shop/contracts';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form-errors';
import { uploadImage, useSaveProduct } from '../api/products';
import { CategoryField } from './category-field';
import { ImageField } from './image-field';
import {
  emptyProductForm,
  FIELD_ORDER,
  imageFileProblem,
  type ProductFormValues,
  parseProductForm,
  sizeStockField,
  valuesFromProduct,
} from './product-form-values';
import { SizeFields } from './size-fields';
import '../../../ui/admin/forms.css';
import './product-form.css';

export interface ProductFormProps {
  /** The product being edited; absent when creating. */
  product?: Product;
  /** Gets the product as the server saved it (its category in the shop's spelling). */
  onSaved: (saved: Product) => void;
}

type TextFieldName = 'name' | 'price' | 'originalPrice' | 'countInStock';

/**
 * The create and edit form. It checks every field with the contracts' rules before anything is sent,
 * uploads a newly chosen image (`POST /api/upload`), then saves the product with the returned URL.
 */
export function ProductForm({ product, onSaved }: ProductFormProps) {
  const editing = product !== undefined;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? valuesFromProduct(product) : emptyProductForm,
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = useSaveProduct();

  const idFor = (field: string) => `${formId}-${field}`;
  const errorIdFor = (field: string) => `${formId}-${field}-error`;

  function update<K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function updateSizeStock(size: Size, text: string) {
    setValues((previous) => ({ ...previous, stockBySize: { ...previous.stockBySize, [size]: text } }));
    const field = sizeStockField(size);
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function toggleSize(size: Size, checked: boolean) {
    update(
      'sizes',
      checked
        ? SIZES.filter((candidate) => candidate === size || values.sizes.includes(candidate))
        : values.sizes.filter((candidate) => candidate !== size),
    );
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (!first) return;
    // Checkbox groups focus their first box; every other field its own input.
    const target =
      document.getElementById(idFor(first)) ??
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"] input`);
    target?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitError(null);
    const parsed = parseProductForm(values);
    const problems: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
    if (file) {
      const problem = imageFileProblem(file);
      if (problem) problems.image = problem;
    } else if (!product?.image) {
      problems.image = 'Image is required';
    }
    if (!parsed.ok || Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }

    setBusy(true);
    try {
      const image = file ? (await uploadImage(file)).url : (product?.image ?? '');
      const saved = await save.mutateAsync({
        ...(product ? { id: product.id } : {}),
        input: { ...parsed.details, image },
      });
      onSaved(saved);
    } catch (error) {
      setSubmitError(errorMessage(error));
      showErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  function describedBy(field: string, hint?: string) {
    const ids = [hint, errors[field] ? errorIdFor(field) : undefined].filter(Boolean);
    return ids.length > 0 ? ids.join(' ') : undefined;
  }

  function textField(
    field: TextFieldName,
    label: string,
    input: { type?: 'text' | 'number'; step?: string; min?: string; inputMode?: 'decimal' | 'numeric' },
    required = true,
  ) {
    return (
      <div className="admin-field">
        <label htmlFor={idFor(field)}>
          {label}
          {required ? '' : ' (optional)'}
        </label>
        <input
          id={idFor(field)}
          name={field}
          type={input.type ?? 'text'}
          step={input.step}
          min={input.min}
          inputMode={input.inputMode}
          value={values[field]}
          disabled={busy}
          aria-required={required || undefined}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field)}
          onChange={(event) => update(field, event.currentTarget.value)}
        />
        {errors[field] && (
          <p id={errorIdFor(field)} className="admin-field-error">
            {errors[field]}
          </p>
        )}
      </div>
    );
  }

  const idleLabel = editing ? 'Save Product' : 'Create Product';
  const busyLabel = editing ? 'Saving Product...' : 'Creating Product...';

  return (
    <form ref={formRef} className="admin-form admin-card" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {submitError && (
        <div className="admin-banner admin-banner--error" role="alert">
          {submitError}
        </div>
      )}
      <div className="admin-form__grid">
        {textField('name', 'Name', {})}
        <CategoryField
          id={idFor('category')}
          errorId={errorIdFor('category')}
          value={values.category}
          error={errors.category}
          disabled={busy}
          onChange={(category) => update('category', category)}
        />
        {textField('price', 'Price', { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' })}
        {textField(
          'originalPrice',
          'Original price',
          { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' },
          false,
        )}
        {values.sizes.length === 0 &&
          textField('countInStock', 'Stock quantity', {
            type: 'number',
            step: '1',
            min: '0',
            inputMode: 'numeric',
          })}
      </div>

      <div className="admin-field">
        <label htmlFor={idFor('description')}>Description</label>
        <textarea
          id={idFor('description')}
          name="description"
          rows={5}
          value={values.description}
          disabled={busy}
          aria-required="true"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(event) => update('description', event.currentTarget.value)}
        />
        {errors.description && (
          <p id={errorIdFor('description')} className="admin-field-error">
            {errors.description}
          </p>
        )}
      </div>

      <SizeFields
        sizes={values.sizes}
        stockBySize={values.stockBySize}
        errors={errors}
        disabled={busy}
        idFor={idFor}
        errorIdFor={errorIdFor}
        describedBy={describedBy}
        onToggle={toggleSize}
        onStockChange={updateSizeStock}
      />

      <label className="admin-check admin-field">
        <input
          type="checkbox"
          name="isFeatured"
          checked={values.isFeatured}
          disabled={busy}
          onChange={(event) => update('isFeatured', event.currentTarget.checked)}
        />
        Featured product (shown first under the Featured sort)
      </label>

      <ImageField
        currentImage={product?.image ?? null}
        productName={values.name}
        file={file}
        onFileChange={(next) => {
          setFile(next);
          setErrors(({ image: _cleared, ...rest }) => rest);
          if (next) {
            const problem = imageFileProblem(next);
            if (problem) setErrors((previous) => ({ ...previous, image: problem }));
          }
        }}
        required={!editing}
        error={errors.image}
        disabled={busy}
      />

      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? busyLabel : idleLabel}
        </button>
        <Link to="/admin" className="button button--ghost">
          Cancel
        </Link>
      </div>
    </form>
  );
}
