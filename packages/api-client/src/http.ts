// The one fetch wrapper every call goes through: the bearer token, JSON in and out, and every failure as an ApiError.
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors.js';

export interface ApiClientOptions {
  /** The API root including `/api`, e.g. `http://localhost:3000/api` or `/api` in a browser. */
  baseUrl: string;
  /** Returns the bearer token, or null/undefined when signed out. Called before every request. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** A fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What each group of calls is built on. */
export interface Requester {
  /** A JSON call; resolves to the parsed answer. `headers` adds request headers (an `Idempotency-Key`). */
  request<T>(method: Method, route: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** A file answer (a PDF, the CSV export) as a Blob; errors still arrive as `{ message }` JSON. */
  requestBlob(route: string, accept?: string): Promise<Blob>;
}

function parseBody(text: string): { json: boolean; value: unknown } {
  if (text === '') return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function createRequester(options: ApiClientOptions): Requester {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Called through globalThis so a browser's native fetch never runs with a foreign `this` ("Illegal invocation").
  const doFetch = (url: string, init: RequestInit): Promise<Response> =>
    options.fetch ? options.fetch.call(globalThis, url, init) : globalThis.fetch(url, init);

  async function request<T>(method: Method, route: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
    const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}/${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await response.text();
    } catch (cause) {
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, undefined, { cause });
    }

    const parsed = parseBody(text);
    if (!response.ok) {
      const message = messageOf(parsed.value) ?? `Request failed (${response.status})`;
      throw new ApiError(message, response.status, parsed.value);
    }
    // A 200 HTML page usually means the base URL points at the web app instead of the API.
    if (!parsed.json) {
      const message = `Unexpected response from the shop (${response.status}): not JSON`;
      throw new ApiError(message, response.status, parsed.value);
    }
    return parsed.value as T;
  }

  async function requestBlob(route: string, accept = 'application/pdf'): Promise<Blob> {
    const headers: Record<string, string> = { accept: `${accept}, application/json` };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/${route}`, { method: 'GET', headers });
      if (response.ok) return await response.blob();
    } catch (cause) {
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, undefined, { cause });
    }
    const parsed = parseBody(await response.text().catch(() => ''));
    throw new ApiError(messageOf(parsed.value) ?? `Request failed (${response.status})`, response.status, parsed.value);
  }

  return { request, requestBlob };
}
