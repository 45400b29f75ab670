interface SizeAndSkuProps {
  /** The line's size ("1 L") and stock-keeping code, either of which may be missing. */
  line: { variant_label?: string; sku?: string };
  /** The BEM block that styles it: the paragraph is `${block}__size`, the code `${block}__sku`. */
  block: string;
}

/** The size a line is of and its SKU, under the product's name (an order card, a cart line); nothing when it has neither. */
export function SizeAndSku({ line, block }: SizeAndSkuProps) {
  if (!line.variant_label && !line.sku) return null;
  return (
    <p className={`${block}__size`}>
      {line.variant_label}
      {line.sku && <span className={`${block}__sku`}>SKU {line.sku}</span>}
    </p>
  );
}
