import { shopConfig } from '@shop/contracts';
import { Field } from './field';
import './price-inputs.css';

interface PriceInputsProps {
  /** The bounds as typed; '' is no bound. */
  min: string;
  max: string;
  onMinChange(raw: string): void;
  onMaxChange(raw: string): void;
  onMinBlur?: () => void;
  onMaxBlur?: () => void;
}

/** The message when both bounds are numbers and the minimum is above the maximum, else undefined. */
export function priceRangeProblem(min: string, max: string): string | undefined {
  if (min.trim() === '' || max.trim() === '') return undefined;
  const low = Number(min);
  const high = Number(max);
  if (!Number.isFinite(low) || !Number.isFinite(high) || low <= high) return undefined;
  return 'Min price is above max price';
}

/**
 * 'Min price' and 'Max price' side by side: number inputs from 0 to the shop's price-filter maximum.
 * A minimum above the maximum says so under the minimum.
 */
export function PriceInputs({ min, max, onMinChange, onMaxChange, onMinBlur, onMaxBlur }: PriceInputsProps) {
  const limit = shopConfig.priceFilterMax;
  const bound = { type: 'number', inputMode: 'decimal', min: 0, max: limit, step: 0.01 } as const;
  return (
    <div className="price-inputs">
      <Field
        label="Min price"
        {...bound}
        placeholder="0"
        error={priceRangeProblem(min, max)}
        value={min}
        onChange={(event) => onMinChange(event.currentTarget.value)}
        onBlur={onMinBlur}
      />
      <Field
        label="Max price"
        {...bound}
        placeholder={String(limit)}
        value={max}
        onChange={(event) => onMaxChange(event.currentTarget.value)}
        onBlur={onMaxBlur}
      />
    </div>
  );
}
