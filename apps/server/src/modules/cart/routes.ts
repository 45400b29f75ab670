/**
 * POST /api/products/getcart: the cart's lines with current product data, per size (public; guests keep carts too).
 * A signed-in shopper's own unpaid checkouts count as theirs, not as sold. Answered from memory (the read model's
 * snapshot of the sizes on sale); only a signed-in shopper's own holds are read from the database.
 */
import { GetCartBodySchema, GetCartResponseSchema } from '@shop/domain/schemas/products';
import type { CartDetail } from '@shop/domain/schemas/products';
import { COMPRESS_THRESHOLD, compressedBody, type CachedAnswer } from '../../lib/read-model.js';
import { okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { pickEncoding } from '../../plugins/static-files.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const BOTH_ENCODINGS = { br: true, gzip: true };

/** The answer's encoding for an Accept-Encoding value, parsed once per distinct value (browsers send a handful). */
const encodings = new Map<string, 'br' | 'gzip' | undefined>();
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  if (!encodings.has(acceptEncoding)) {
    if (encodings.size >= 100) encodings.clear();
    encodings.set(acceptEncoding, pickEncoding(acceptEncoding, BOTH_ENCODINGS));
  }
  return encodings.get(acceptEncoding);
}

/** What a guest's answer depends on besides the catalogue: the sizes and quantities, in order. */
const cartKey = (lines: readonly CartDetail[]) => `getcart:${lines.map((l) => `${l.variant}*${l.cart_quantity}`).join(',')}`;
const answerOf = (lines: readonly CartDetail[]): CachedAnswer => ({ body: JSON.stringify({ cartDetails: lines }), etag: '' });

/** The read model's key of the cart's snapshot of sizes (a value, not an answer). */
const CART_CATALOGUE = 'cart-catalogue';

export default defineRoutes(async function cartRoutes(app) {
  const { cart } = app.services;

  app.post(
    '/products/getcart',
    {
      // Signed in or not: a missing, expired or refused token reads the cart as a guest's.
      onRequest: async (request, reply) => {
        if (!request.headers.authorization) return;
        try {
          await app.authenticate(request, reply);
        } catch {
          request.user = null;
        }
      },
      // Compressed here, once per kept answer (above), not by @fastify/compress per request.
      compress: false,
      // A guest's cart sent again is answered before Fastify (plugins/read-model.ts), which reads the body first.
      ...app.keptPostRoute,
      schema: { body: GetCartBodySchema, response: okOrError(GetCartResponseSchema) },
    },
    async (request, reply) => {
      // The sizes on sale are kept in the read model, dropped on every catalogue change (stock included).
      const catalogue = await app.readModel.memo(CART_CATALOGUE, cart.catalogue);
      const userId = request.user?.id;
      const lines = await cart.resolve(catalogue, request.body.cart, userId);
      // A guest's answer depends only on the lines and the catalogue: its JSON and compressed bytes are kept with
      // the catalogue (dropped with it), so the same cart asked again costs no serialising or compressing.
      const answer = userId ? answerOf(lines) : await app.readModel.memo(cartKey(lines), async () => answerOf(lines));
      // The same body again gets these bytes from memory, until the catalogue changes.
      if (!userId) app.keepPostAnswer(request, answer, CART_CATALOGUE, catalogue);
      const encoding = answer.body.length >= COMPRESS_THRESHOLD ? encodingFor(request.headers['accept-encoding']) : undefined;
      reply.header('content-type', JSON_TYPE);
      if (answer.body.length >= COMPRESS_THRESHOLD) {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      }
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? compressedBody(answer, encoding) : answer.body);
    },
  );
});
