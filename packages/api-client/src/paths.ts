// A call's path and query string: every value the caller gives is encoded, never pasted in.
import type { OrdersQuery } from '@shop/domain/schemas/orders';
import { ApiError } from './errors.js';

/**
 * Builds a path from a template, encoding every interpolated value as one path segment.
 * An empty, `.` or `..` segment would silently reach another route (`products/` is the admin list), so it is refused.
 */
export function path(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const text = String(value);
    if (text === '' || text === '.' || text === '..') {
      throw new ApiError(`Invalid path segment: "${text}"`, 400);
    }
    out += encodeURIComponent(text) + (strings[i + 1] ?? '');
  });
  return out;
}

/** `?attempts=true` when unpaid attempts are asked for; nothing otherwise (the spec's plain call). */
export function ordersQuery(query: OrdersQuery | undefined): string {
  return query?.attempts ? '?attempts=true' : '';
}

/**
 * `?a=1&b=2` from the filters that are set, in a fixed order; nothing when none is.
 * An empty string counts as unset, so a cleared search box asks for everything.
 */
export function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as Array<[string, unknown]>) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
