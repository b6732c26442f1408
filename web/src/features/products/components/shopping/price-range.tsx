import { shopConfig } from '@shop/contracts';
import { useId } from 'react';
import { formatMoney } from '../../../../ui/money';
import { PriceInputs } from '../../../../ui/price-inputs';
import { useDebouncedDraft } from '../../../../ui/use-debounced-draft';

const MAX = shopConfig.priceFilterMax;

/** A price bound as typed: '' is no bound; anything else is kept between 0 and the filter maximum. */
export function toPriceBound(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) return undefined;
  return Math.min(MAX, Math.max(0, Math.round(value * 100) / 100));
}

const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

interface PriceRangeProps {
  min: number | undefined;
  max: number | undefined;
  onChange(bounds: { minPrice?: number | undefined; maxPrice?: number | undefined }): void;
}

/** Min and max number inputs plus a slider for the maximum, 0 to the configured filter maximum. */
export function PriceRange({ min, max, onChange }: PriceRangeProps) {
  const id = useId();
  const [minDraft, setMinDraft, flushMin] = useDebouncedDraft(asText(min), (raw) =>
    onChange({ minPrice: toPriceBound(raw) }),
  );
  const [maxDraft, setMaxDraft, flushMax] = useDebouncedDraft(asText(max), (raw) =>
    onChange({ maxPrice: toPriceBound(raw) }),
  );
  const sliderValue = toPriceBound(maxDraft) ?? MAX;

  return (
    <fieldset className="price-range">
      <legend>Price range ({shopConfig.currency})</legend>
      <PriceInputs
        min={minDraft}
        max={maxDraft}
        onMinChange={setMinDraft}
        onMaxChange={setMaxDraft}
        onMinBlur={flushMin}
        onMaxBlur={flushMax}
      />
      <label className="field__label" htmlFor={`${id}-slider`}>
        Maximum price: {formatMoney(sliderValue)}
      </label>
      <input
        id={`${id}-slider`}
        className="price-range__slider"
        type="range"
        min={0}
        max={MAX}
        step={100}
        value={sliderValue}
        aria-valuetext={formatMoney(sliderValue)}
        onChange={(event) => {
          const value = event.currentTarget.valueAsNumber;
          setMaxDraft(value >= MAX ? '' : String(value));
        }}
      />
    </fieldset>
  );
}
