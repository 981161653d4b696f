// What an order costs, computed on the server from the product and the store's shipping fee
// only (never from what a browser sends). docs/decisions.md "Money":
//   total = unit price x quantity + shipping fee
// where the unit price is the combination's cell of variant_prices when the product has them,
// else price. The strike-through ("coret") price is shown, never charged.
import { cellAt, unitPrice } from '../../products/variant-prices.js';

export interface PricedProduct {
  price: number;
  sale_price: number | null;
  variant_prices: unknown;
  variant_compare_prices: unknown;
}

export interface Quote {
  unitPrice: number;
  /** The struck-through price of the combination, or null when none is shown. */
  compareAtPrice: number | null;
  quantity: number;
  subtotal: number;
  shippingFee: number;
  total: number;
}

/**
 * With variant_compare_prices, the combination's cell (0 = none); without them, sale_price.
 * Shown only when above the charged price: a "before" price lower than the price is no discount.
 */
export function compareAtPrice(
  product: PricedProduct,
  optionIndexes: readonly number[],
  charged: number = unitPrice(product, optionIndexes),
): number | null {
  const perVariant = Array.isArray(product.variant_compare_prices) && product.variant_compare_prices.length > 0;
  const candidate = perVariant ? cellAt(product.variant_compare_prices, optionIndexes) : product.sale_price;
  return typeof candidate === 'number' && candidate > charged ? candidate : null;
}

export function quote(product: PricedProduct, optionIndexes: readonly number[], quantity: number, shippingFee: number): Quote {
  const price = unitPrice(product, optionIndexes);
  const subtotal = price * quantity;
  return {
    unitPrice: price,
    compareAtPrice: compareAtPrice(product, optionIndexes, price),
    quantity,
    subtotal,
    shippingFee,
    total: subtotal + shippingFee,
  };
}

/** The same order with another shipping fee (one agreed with the buyer in chat, replacing the rate's): the total follows it. */
export function withShippingFee(priced: Quote, shippingFee: number): Quote {
  return { ...priced, shippingFee, total: priced.subtotal + shippingFee };
}
