import { DELIVERY_NOTE_MAX, SHIP_TO_COUNTRY } from '@shop/contracts';
import { Field, TextAreaField } from '../../../ui/field';
import type { BoundField } from '../../../ui/use-zod-form';
import { PAKISTANI_CITIES } from '../pakistani-cities';

const CITY_LIST_ID = 'checkout-cities';

type AddressField = 'fullName' | 'address' | 'city' | 'postalCode' | 'phone';

export interface ShippingFieldsProps {
  /** The checkout form's binding of each address field. */
  field: (name: AddressField) => BoundField;
  /** Cash on delivery needs a mobile number: the courier calls it. */
  cashOnDelivery: boolean;
  deliveryNote: string;
  deliveryNoteError?: string;
  onDeliveryNoteChange: (note: string) => void;
}

/** The checkout's shipping address: name, street, city, postal code, the fixed country, phone and note. */
export function ShippingFields({
  field,
  cashOnDelivery,
  deliveryNote,
  deliveryNoteError,
  onDeliveryNoteChange,
}: ShippingFieldsProps) {
  return (
    <fieldset className="checkout-section">
      <legend>Shipping address</legend>
      <Field label="Full name" autoComplete="name" {...field('fullName')} />
      <Field label="Address" autoComplete="street-address" required {...field('address')} />
      <div className="checkout__row">
        <Field
          label="City"
          autoComplete="address-level2"
          list={CITY_LIST_ID}
          hint="Choose from the list or type your town."
          required
          {...field('city')}
        />
        <Field label="Postal code" autoComplete="postal-code" required {...field('postalCode')} />
      </div>
      <datalist id={CITY_LIST_ID}>
        {PAKISTANI_CITIES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="field">
        <span className="field__label">Country</span>
        <p className="checkout__country">
          {SHIP_TO_COUNTRY} <span className="muted">(we deliver within Pakistan only)</span>
        </p>
      </div>
      <Field
        label={cashOnDelivery ? 'Mobile number' : 'Phone (optional)'}
        type="tel"
        autoComplete="tel"
        placeholder="0300-1234567"
        hint={
          cashOnDelivery
            ? 'Needed for cash on delivery: the courier calls it. Like 0300-1234567 or +92 300 1234567.'
            : undefined
        }
        required={cashOnDelivery}
        {...field('phone')}
      />
      <TextAreaField
        label="Delivery note (optional)"
        name="deliveryNote"
        rows={2}
        maxLength={DELIVERY_NOTE_MAX}
        placeholder="e.g. call before coming, gate 2"
        hint={`For the courier, at most ${DELIVERY_NOTE_MAX} characters.`}
        value={deliveryNote}
        error={deliveryNoteError}
        onChange={(event) => onDeliveryNoteChange(event.currentTarget.value)}
      />
    </fieldset>
  );
}
