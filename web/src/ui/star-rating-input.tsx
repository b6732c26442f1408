import { useId } from 'react';
import './star-rating-input.css';

const STARS = [1, 2, 3, 4, 5] as const;

const starLabel = (stars: number) => (stars === 1 ? '1 Star' : `${stars} Stars`);

interface StarRatingInputProps {
  legend: string;
  value: number;
  onChange(stars: number): void;
}

/**
 * A 1 to 5 star rating as a group of radio buttons: each star is a visually hidden radio read as
 * '4 Stars', the stars up to the chosen one light up, and the choice is repeated in words beside them.
 */
export function StarRatingInput({ legend, value, onChange }: StarRatingInputProps) {
  const id = useId();
  return (
    <fieldset className="star-input">
      <legend>{legend}</legend>
      <div className="star-input__stars">
        {STARS.map((stars) => (
          <label key={stars} className="star-input__option" data-on={stars <= value}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="visually-hidden"
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{starLabel(stars)}</span>
          </label>
        ))}
      </div>
      <span className="star-input__value" aria-hidden="true">
        {starLabel(value)}
      </span>
    </fieldset>
  );
}
