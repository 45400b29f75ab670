import type { Order } from '@shop/domain/schemas/orders';
import './order-line-product.css';

/** The size as sold and its SKU ("500 ml · GHEE-500"); '' on a line sold before sizes. */
export function sizeText(line: { variant_label?: string; sku?: string }): string {
  return [line.variant_label, line.sku].filter(Boolean).join(' · ');
}

/**
 * What an order line sold: the name as sold with its size and SKU, and 'Product no longer available' beside it once
 * the shop no longer sells it (SPEC text; the dashboard writes it in lower case). A line whose product was deleted
 * before products were kept has only that text.
 */
export function OrderLineProduct({
  order,
  quantity = false,
  unavailable = 'Product no longer available',
}: {
  order: Order;
  /** Shows "× n" after the name. */
  quantity?: boolean;
  unavailable?: string;
}) {
  if (!order.product) return <em className="muted">{unavailable}</em>;
  const size = sizeText(order);
  return (
    <span className="line-product">
      <span>
        {order.product.name}
        {quantity && <span className="muted"> × {order.cart_quantity}</span>}
      </span>
      {size && <span className="muted small line-product__size">{size}</span>}
      {!order.product.available && <em className="muted small">{unavailable}</em>}
    </span>
  );
}
