/** auth/sendmail: the about-us contact form. */
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import { SendMailBodySchema } from '@shop/domain/schemas/auth';
import { badRequest } from '../../lib/http-errors.js';
import { okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function contactRoutes(app) {
  const service = app.services.contact;

  app.post(
    '/auth/sendmail',
    {
      preHandler: [app.limit('sendmail')],
      schema: { body: SendMailBodySchema, response: okOrError(MessageResponseSchema) },
    },
    async (request) => {
      const { name, message } = request.body;
      if (!name.trim() || !message.trim()) throw badRequest('Please fill all the fields');
      await service.send(request.body);
      return { message: 'Message Sent Successfully' };
    },
  );
});
