/** GET /slider (public); POST /slider, DELETE /slider/:id (admin). */
import { CreateSliderBodySchema, SliderResponseSchema, SlidersResponseSchema } from '@shop/domain/schemas/sliders';
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { SLIDER_DELETED } from './service.js';
import { okOrError } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { adminRoute, defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function slidersRoutes(app) {
  const { sliders } = app.services;

  app.get('/slider', { ...READ_MODEL_ROUTE, schema: { response: okOrError(SlidersResponseSchema) } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ sliders: await sliders.list() })),
  );

  app.post('/slider', adminRoute(app, { body: CreateSliderBodySchema, response: okOrError(SliderResponseSchema) }), async (request) => ({
    slider: await sliders.create(request.body),
  }));

  app.delete('/slider/:id', adminRoute(app, { params: IdParamsSchema, response: okOrError(MessageResponseSchema) }), async (request) => {
    await sliders.remove(request.params.id);
    return { message: SLIDER_DELETED };
  });
});
