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

/** 'Min price' and 'Max price' side by side: number inputs from 0 to the shop's price-filter maximum. */
export function PriceInputs({ min, max, onMinChange, onMaxChange, onMinBlur, onMaxBlur }: PriceInputsProps) {
  const limit = shopConfig.priceFilterMax;
  const bound = { type: 'number', inputMode: 'decimal', min: 0, max: limit, step: 0.01 } as const;
  return (
    <div className="price-inputs">
      <Field
        label="Min price"
        {...bound}
        placeholder="0"
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
