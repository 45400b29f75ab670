/** `shop.auth`: signing in, registering, passwords and the contact form. */
import type {
  ChangePasswordBody,
  ForgetPasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  SendMailBody,
} from '@shop/domain/schemas/auth';
import type { MessageResponse } from '@shop/domain/schemas/common';
import type { Requester } from './http.js';

/** The calls anyone may make before signing in. */
export function authCalls(api: Requester) {
  return {
    /**
     * Signs in; an admin login adds `secret_key`.
     * @example const { user, token } = await shop.auth.login({ email: 'a@b.in', password: 'secret123' });
     */
    login: async (body: LoginBody): Promise<LoginResponse> => api.request('POST', 'auth/login', body),
    /**
     * Creates an account and mails a verification link.
     * @example await shop.auth.register({ name: 'Asha', email: 'a@b.in', password: 'secret123' });
     */
    register: async (body: RegisterBody): Promise<MessageResponse> => api.request('POST', 'auth/register', body),
    /**
     * Mails a password reset link (the same answer whether or not the email exists).
     * @example await shop.auth.forgetPassword({ email: 'a@b.in' });
     */
    forgetPassword: async (body: ForgetPasswordBody): Promise<MessageResponse> =>
      api.request('POST', 'auth/forget-password', body),
    /**
     * Sets a new password with the token from the reset link.
     * @example await shop.auth.changePassword({ password: 'newsecret1', token });
     */
    changePassword: async (body: ChangePasswordBody): Promise<MessageResponse> =>
      api.request('POST', 'auth/change-password', body),
    /**
     * Sends the contact form to the shop.
     * @example await shop.auth.sendMail({ name: 'Asha', email: 'a@b.in', message: 'Hello' });
     */
    sendMail: async (body: SendMailBody): Promise<MessageResponse> => api.request('POST', 'auth/sendmail', body),
  };
}
