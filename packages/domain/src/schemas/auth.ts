import { Type, type Static } from '@sinclair/typebox';
import { EmailSchema } from './common.js';
import { UserSchema } from './users.js';
import { NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

export const PasswordSchema = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/** POST auth/login. An admin login adds `secret_key`. */
export const LoginBodySchema = Type.Object({
  email: EmailSchema,
  // Old accounts may predate a rule, so login only bounds the length it will hash.
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  secret_key: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type LoginBody = Static<typeof LoginBodySchema>;

export const LoginResponseSchema = Type.Object({ user: UserSchema, token: Type.String() });
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** POST auth/register. `address` is in the form state but has no input. */
export const RegisterBodySchema = Type.Object({
  name: Type.String({ minLength: NAME_MIN_LENGTH, maxLength: 100 }),
  email: EmailSchema,
  password: PasswordSchema,
  address: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const ForgetPasswordBodySchema = Type.Object({ email: EmailSchema });
export type ForgetPasswordBody = Static<typeof ForgetPasswordBodySchema>;

export const ChangePasswordBodySchema = Type.Object({
  password: PasswordSchema,
  token: Type.String({ minLength: 10, maxLength: 200 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

export const TokenParamsSchema = Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) });
export type TokenParams = Static<typeof TokenParamsSchema>;

/** POST auth/sendmail: the about-us contact form. */
export const SendMailBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: EmailSchema,
  message: Type.String({ minLength: 1, maxLength: 5000 }),
});
export type SendMailBody = Static<typeof SendMailBodySchema>;
