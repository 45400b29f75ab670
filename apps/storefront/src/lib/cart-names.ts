/**
 * The names of the products in this browser's cart, kept beside it in local storage. The cart itself holds only
 * ids (and goes to the server as such); when a product is deleted from the catalogue the server no longer knows
 * its name, and this is how the shopper can still be told which one left the cart.
 */
import { localStore, readStored } from '@shop/app-kit/local-storage';

const KEY = 'cart-names';

type Names = Record<string, string>;

function readNames(): Names {
  try {
    const parsed = JSON.parse(readStored(KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

function writeNames(names: Names): void {
  try {
    localStore()?.setItem(KEY, JSON.stringify(names));
  } catch {
    // A full or refused storage: the shopper is told "A product" instead of its name.
  }
}

/** The name a product had when it went into the cart or was last shown there; undefined when never seen. */
export function cartNameOf(id: string): string | undefined {
  return readNames()[id];
}

/** Remembers one product's name (Add to cart, Buy Now). */
export function rememberCartName(product: { _id: string; name: string }): void {
  writeNames({ ...readNames(), [product._id]: product.name });
}

/** After the cart was resolved: the names of its products now, and nothing of products no longer in it. */
export function keepCartNames(lines: Array<{ _id: string; name: string }>): void {
  writeNames(Object.fromEntries(lines.map((l) => [l._id, l.name])));
}
