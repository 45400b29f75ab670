import type { ChangePasswordBody, ForgetPasswordBody, LoginBody, LoginResponse, RegisterBody } from '@shop/domain/schemas/auth';
import type { MessageResponse } from '@shop/domain/schemas/common';
import { api } from '../../../lib/api';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => (c) => c.auth.login(body),
    }),
    register: build.mutation<MessageResponse, RegisterBody>({
      query: (body) => (c) => c.auth.register(body),
    }),
    forgetPassword: build.mutation<MessageResponse, ForgetPasswordBody>({
      query: (body) => (c) => c.auth.forgetPassword(body),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordBody>({
      query: (body) => (c) => c.auth.changePassword(body),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useForgetPasswordMutation, useChangePasswordMutation } = authApi;
