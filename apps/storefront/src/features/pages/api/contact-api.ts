import type { SendMailBody } from '@shop/domain/schemas/auth';
import type { MessageResponse } from '@shop/domain/schemas/common';
import { api } from '../../../lib/api';

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMessage: build.mutation<MessageResponse, SendMailBody>({
      query: (body) => (c) => c.auth.sendMail(body),
    }),
  }),
});

export const { useSendMessageMutation } = contactApi;
