/** GET /slider (public); POST /slider, DELETE /slider/:id (admin). */
import { CreateSliderBodySchema, SliderResponseSchema, SlidersResponseSchema } from '@shop/domain/schemas/sliders';
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { SLIDER_DELETED } from './service.js';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function slidersRoutes(app) {
  const { sliders } = app.services;

  app.get('/slider', { ...READ_MODEL_ROUTE, schema: { response: { 200: SlidersResponseSchema, ...ERROR_RESPONSES } } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ sliders: await sliders.list() })),
  );

  app.post(
    '/slider',
    {
      onRequest: [app.requireAdmin],
      schema: {
        body: CreateSliderBodySchema,
        response: { 200: SliderResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ slider: await sliders.create(request.body) }),
  );

  app.delete(
    '/slider/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await sliders.remove(request.params.id);
      return { message: SLIDER_DELETED };
    },
  );
});
