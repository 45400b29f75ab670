/**
 * How an order line names what was sold, wherever people read it (mails, invoice, order desk, packing slips): the
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

/** "A2 Gir Cow Bilona Ghee — 250 ml, SKU A2GHEE-250" (the invoice's and the packing slip's item). */
export function nameSizeAndSku(name: string, label: string | null | undefined, sku: string | null | undefined): string {
  const size = label && !namesSize(name, label) ? label : '';
  const tail = [size, sku ? `SKU ${sku}` : ''].filter(Boolean).join(', ');
  return tail ? `${name} — ${tail}` : name;
}
