import { useEffect, useState } from 'react';
import './quantity-stepper.css';

interface QuantityStepperProps {
  value: number;
  /** Highest allowed quantity: the stock. */
  max: number;
  onChange(qty: number): void;
  /** Names the group, e.g. "Quantity" or "Quantity of Core Hoodie (MD)". */
  label: string;
  disabled?: boolean;
}

const MIN = 1;

/**
 * Minus, a number box and plus; keeps the quantity from 1 up to `max` (docs/rules/stock.md#quantities).
 * A quantity typed above the stock becomes the stock and says so ("Only 42 left"), never silently.
 */
export function QuantityStepper({ value, max, onChange, label, disabled = false }: QuantityStepperProps) {
  const upper = Math.max(MIN, max);
  const [draft, setDraft] = useState(String(value));
  const [capped, setCapped] = useState(false);
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (raw: number) => {
    setCapped(Number.isFinite(raw) && raw > upper);
    const qty = Math.min(upper, Math.max(MIN, Number.isFinite(raw) ? Math.floor(raw) : value));
    setDraft(String(qty));
    if (qty !== value) onChange(qty);
  };

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would be a form section; this is one compound control. */}
      <div className="stepper" role="group" aria-label={label}>
        <button
          type="button"
          className="stepper__button"
          aria-label="Decrease quantity"
          disabled={disabled || value <= MIN}
          onClick={() => commit(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          className="stepper__input"
          type="number"
          inputMode="numeric"
          aria-label="Quantity"
          min={MIN}
          max={upper}
          step={1}
          disabled={disabled}
          value={draft}
          onChange={(event) => {
            const { value: raw, valueAsNumber } = event.currentTarget;
            setDraft(raw);
            if (raw !== '' && Number.isFinite(valueAsNumber)) commit(valueAsNumber);
          }}
          onBlur={() => commit(Number(draft))}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label="Increase quantity"
          disabled={disabled || value >= upper}
          onClick={() => commit(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p className="stepper__note" role="status">
        {capped ? `Only ${upper} left` : ''}
      </p>
    </>
  );
}
