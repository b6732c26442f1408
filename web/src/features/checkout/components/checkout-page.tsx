import {
  COD_NOT_AVAILABLE,
  fromMinor,
  manualPaymentAccounts,
  type PaymentMethod,
  phoneKey,
  SHIP_TO_COUNTRY,
  type ShippingAddress,
  shippingAddressFor,
  shopConfig,
} from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { cartStore, NO_SIZE, useCart } from '../../../lib/cart';
import { priceCart } from '../../../lib/cart-pricing';
import { forgetCheckoutDraft, loadCheckoutDraft, saveCheckoutDraft } from '../../../lib/checkout-draft';
import { orderKeys } from '../../../lib/query-keys';
import { normaliseAffiliateCode, useRememberedReferral } from '../../../lib/referral';
import { useSession } from '../../../lib/session';
import { useShopInfo } from '../../../lib/shop-info';
import { EmptyState } from '../../../ui/empty-state';
import { Field, FormError } from '../../../ui/field';
import { formatMoney } from '../../../ui/money';
import { useZodForm } from '../../../ui/use-zod-form';
import { codStandingQuery, fetchProduct, placeOrder, useAffiliateCodeCheck } from '../api/orders';
import { checkoutAttemptKey, endCheckoutAttempt } from '../idempotency-key';
import { refreshCartLines } from '../refresh-cart';
import { CheckoutSummary } from './checkout-summary';
import { PaymentMethods } from './payment-methods';
import { ShippingFields } from './shipping-fields';
import './checkout.css';

export const ORDER_FAILED = 'Your order could not be placed. Please try again.';
export const COD_UNAVAILABLE =
  'Cash on delivery is not available for your account. Please pay by mobile wallet or bank transfer.';

/** Server field names (`shippingAddress.city`) as the form names them (`city`). */
const addressFieldName = (field: string) => field.replace(/^shippingAddress\./, '');

/** A refusal that means the cart no longer matches the catalogue: refresh it so the shopper sees why. */
const isStaleCart = (error: unknown) =>
  error instanceof ApiError && (error.code === 'PRICE_CHANGED' || error.code === 'OUT_OF_STOCK');

/** The server refused cash on delivery to a serial refuser: the other methods still work. */
const isCodRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === COD_NOT_AVAILABLE;

/**
 * A phone worth asking about: a whole Pakistani number, reduced to its key (ten digits, as the server
 * reduces it), else none. Typing another separator then asks nothing new.
 */
const wholePhone = (phone: string) => {
  const key = phoneKey(phone);
  return key.length >= 10 ? key : '';
};

/**
 * Shipping details, optional affiliate code, payment method and the order summary. Places the order
 * once per attempt (Idempotency-Key), then clears the cart and opens the order.
 */
export function CheckoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const session = useSession();
  const userId = session?.user.id ?? '';
  // What this shopper typed before going back to the cart, in this tab.
  const [draft] = useState(() => loadCheckoutDraft(userId));
  const rememberedCode = useRememberedReferral();
  const [affiliateCode, setAffiliateCode] = useState(rememberedCode);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('COD');
  const [deliveryNote, setDeliveryNote] = useState(draft?.deliveryNote ?? '');
  /** The 409's message when the server refused cash on delivery on submit. */
  const [codRefusal, setCodRefusal] = useState<string | null>(null);

  const shop = useShopInfo();

  const code = normaliseAffiliateCode(affiliateCode);
  const codeCheck = useAffiliateCodeCheck(code);
  // A discount shows only once the server has accepted this very code.
  const validCode = code !== '' && codeCheck.data?.code === code ? code : '';
  const pricing = shop ? priceCart(cart.lines, shop, validCode !== '') : undefined;

  const {
    formRef,
    values,
    errors,
    mutation,
    field,
    onSubmit: submitAddress,
  } = useZodForm({
    schema: shippingAddressFor(paymentMethod),
    initialValues: {
      fullName: draft?.fullName ?? session?.user.name ?? '',
      address: draft?.address ?? '',
      city: draft?.city ?? '',
      postalCode: draft?.postalCode ?? '',
      country: SHIP_TO_COUNTRY,
      phone: draft?.phone ?? session?.user.contact ?? '',
    },
    mutationFn: (shippingAddress: ShippingAddress) => {
      if (!pricing) throw new Error('The shop details have not loaded yet. Please try again.');
      if (!method) throw new Error(COD_UNAVAILABLE);
      return placeOrder(
        {
          orderItems: cart.lines.map((line) => ({
            product: line.product,
            qty: line.qty,
            price: line.price,
            size: line.size === NO_SIZE ? '' : line.size,
          })),
          shippingAddress,
          paymentMethod: method,
          itemsPrice: fromMinor(pricing.itemsPrice),
          shippingPrice: fromMinor(pricing.shippingPrice),
          totalPrice: fromMinor(pricing.totalPrice),
          ...(validCode ? { affiliateCode: validCode } : {}),
          ...(deliveryNote.trim() ? { deliveryNote: deliveryNote.trim() } : {}),
        },
        checkoutAttemptKey(),
      );
    },
    onSuccess: (order) => {
      endCheckoutAttempt();
      forgetCheckoutDraft(userId);
      cart.clear();
      // The shopper's order history (and an admin's list, in this tab) now misses this order.
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void navigate({ href: `/order/${encodeURIComponent(order.id)}`, replace: true });
    },
    onError: async (error) => {
      if (isCodRefusal(error)) setCodRefusal(error.message);
      if (isStaleCart(error)) cartStore.set(await refreshCartLines(cartStore.get(), fetchProduct));
    },
    formFieldName: addressFieldName,
  });

  const { fullName, address, city, postalCode, phone } = values;
  useEffect(() => {
    // Placed: the draft is gone, and the inputs' last values must not bring it back.
    if (!userId || mutation.isSuccess) return;
    saveCheckoutDraft(userId, { fullName, address, city, postalCode, phone, deliveryNote });
  }, [userId, mutation.isSuccess, fullName, address, city, postalCode, phone, deliveryNote]);

  const standing = useQuery({ ...codStandingQuery(wholePhone(values.phone)), enabled: Boolean(session) });
  const codUnavailable =
    codRefusal ?? (standing.data?.available === false ? (standing.data.reason ?? COD_UNAVAILABLE) : null);
  const offered = (shop?.paymentMethods ?? []).filter(({ method }) => !(codUnavailable && method === 'COD'));
  // Cash on delivery withdrawn: the first method still offered is chosen in its place.
  const method: PaymentMethod | undefined =
    codUnavailable && paymentMethod === 'COD' ? offered[0]?.method : paymentMethod;
  // ...and kept chosen, so the address rules (a mobile number for cash on delivery) follow it.
  useEffect(() => {
    if (method !== undefined && method !== paymentMethod) setPaymentMethod(method);
  }, [method, paymentMethod]);

  // After a refusal on submit, focus lands on the method now chosen, which the reason describes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server refuses COD, not when the form changes.
  useEffect(() => {
    if (codRefusal) formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [codRefusal]);

  if (cart.lines.length === 0 && !mutation.isSuccess) {
    return (
      <section className="checkout container" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <EmptyState title="Your Cart is Empty" text="Add something to your cart before checking out.">
          <Link to="/shopping" className="button button--primary">
            Browse Products
          </Link>
        </EmptyState>
      </section>
    );
  }

  // A code the server has not accepted (yet) is not sent: the shopper fixes or clears it first.
  const codeProblem =
    code === '' || validCode
      ? undefined
      : codeCheck.isError
        ? errorMessage(codeCheck.error, 'This affiliate code cannot be used.')
        : undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (code !== '' && !validCode) {
      event.preventDefault();
      formRef.current?.querySelector<HTMLInputElement>('input[name="affiliateCode"]')?.focus();
      return;
    }
    submitAddress(event);
  };

  const total = pricing ? formatMoney(fromMinor(pricing.totalPrice)) : '';
  const raastId = shop ? manualPaymentAccounts(shop)?.raastId : null;
  const submitText = mutation.isPending
    ? 'Placing your order...'
    : method === 'COD'
      ? `Pay ${total} on Delivery`
      : raastId
        ? 'Pay with Raast'
        : 'Place order and pay by transfer';
  // A refusal that names fields shows under those fields only, never a second time above the button.
  // Nor does a refusal of cash on delivery, which the payment methods say.
  const formError = mutation.isError && Object.keys(errors).length === 0 && !isCodRefusal(mutation.error);

  return (
    <section className="checkout container" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <div className="checkout__layout">
        <form ref={formRef} className="form checkout__form" onSubmit={onSubmit} noValidate>
          <ShippingFields
            field={field}
            cashOnDelivery={method === 'COD'}
            deliveryNote={deliveryNote}
            deliveryNoteError={errors.deliveryNote}
            onDeliveryNoteChange={setDeliveryNote}
          />

          <fieldset className="checkout-section">
            <legend>Discount</legend>
            <Field
              label="Affiliate code (optional)"
              name="affiliateCode"
              autoComplete="off"
              autoCapitalize="characters"
              hint={`A valid code takes ${Math.round(shopConfig.affiliateDiscountRate * 100)}% off your items subtotal.`}
              value={affiliateCode}
              error={errors.affiliateCode ?? codeProblem}
              onChange={(event) => setAffiliateCode(event.currentTarget.value)}
            />
          </fieldset>

          {shop && (
            <PaymentMethods
              methods={offered}
              support={shop.support}
              jazzCash={shop.onlinePayments?.jazzCash ?? false}
              value={method}
              onChange={setPaymentMethod}
              unavailable={codUnavailable}
            />
          )}

          <FormError message={formError ? errorMessage(mutation.error, ORDER_FAILED) : null} />
          <button
            type="submit"
            className="button button--primary button--large button--block"
            disabled={mutation.isPending || !pricing || !method}
          >
            {submitText}
          </button>
        </form>
        {pricing ? (
          <CheckoutSummary lines={cart.lines} pricing={pricing} />
        ) : (
          <p className="muted" role="status">
            Working out shipping…
          </p>
        )}
      </div>
    </section>
  );
}
