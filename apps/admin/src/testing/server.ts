/** The network, and only the network, is mocked in tests (msw); an unhandled request fails the test. */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

const API = 'http://shop.test/api';
export const server = setupServer();

/** Full URL of an API path, as the api-client requests it. */
export const api = (path: string) => `${API}/${path.replace(/^\//, '')}`;

/** The server's error answer: `{ message }` with a status. */
export const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });

export const ok = (body: JsonBodyType) => HttpResponse.json(body);

export { http, HttpResponse };
