/**
 * How an order line names what was sold, wherever people read it (mails, invoice, packing slips): the
 * product's name as sold and the size's label beside it. Imports nothing, so checkout/ and invoices/ can use it
 * without going through orders/.
 */

/** True when the name already ends with the size's label (products named "A2 Ghee 500 ml" before sizes existed). */
function namesSize(name: string, label: string): boolean {
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return squash(name).endsWith(squash(label));
}

/** "A2 Gir Cow Bilona Ghee (250 ml)"; the name alone for a line sold before sizes or whose name already says it. */
export function nameWithSize(name: string, label: string | null | undefined): string {
  return label && !namesSize(name, label) ? `${name} (${label})` : name;
}

/**
 * The size and SKU as sold, written under the product's name on the invoice: "250 ml, SKU A2GHEE-250" (the size left
 * out when the name already says it); '' for a line sold before sizes.
 */
export function sizeAndSku(name: string, label: string | null | undefined, sku: string | null | undefined): string {
  return [label && !namesSize(name, label) ? label : '', sku ? `SKU ${sku}` : ''].filter(Boolean).join(', ');
}
