/** GET /home-tiles (public); PUT /home-tiles/:position (admin). */
import {
  HomeTilePositionParamsSchema,
  HomeTileResponseSchema,
  HomeTilesResponseSchema,
  UpdateHomeTileBodySchema,
} from '@shop/domain/schemas/home-tiles';
import { okOrError } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { adminRoute, defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function homeTilesRoutes(app) {
  const homeTiles = app.services.homeTiles;

  app.get('/home-tiles', { ...READ_MODEL_ROUTE, schema: { response: okOrError(HomeTilesResponseSchema) } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ tiles: await homeTiles.list() })),
  );

  app.put(
    '/home-tiles/:position',
    adminRoute(app, { params: HomeTilePositionParamsSchema, body: UpdateHomeTileBodySchema, response: okOrError(HomeTileResponseSchema) }),
    async (request) => ({ tile: await homeTiles.update(request.params.position, request.body) }),
  );
});
