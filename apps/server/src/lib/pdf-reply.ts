/** How a route answers a PDF: described once for the OpenAPI document, sent once with the same headers. */
import type { FastifyReply } from 'fastify';
import { ERROR_SCHEMA } from './route-schemas.js';

/** Spread into a PDF route's `schema`: what it produces and the answers it may give. */
export const pdfSchema = (description: string) => ({
  produces: ['application/pdf'],
  response: {
    200: { description, type: 'string', format: 'binary' },
    400: ERROR_SCHEMA,
    401: ERROR_SCHEMA,
    403: ERROR_SCHEMA,
    404: ERROR_SCHEMA,
  },
});

/** Shown in the browser (inline) under `fileName`, never cached: the documents hold a customer's address. */
export const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
