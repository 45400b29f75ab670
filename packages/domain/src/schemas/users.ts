import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, EmailSchema, IdSchema } from './common.js';
import { DELIVERY_STATES, PIN_CODE_PATTERN, USER_STATUSES } from '../constants.js';

export const UserStatusSchema = Type.Union(USER_STATUSES.map((s) => Type.Literal(s)));

export const UserSchema = Type.Object(
  {
    _id: IdSchema,
    name: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    address: Type.String(),
    /** Delivery PIN code ('' when not given). */
    pin: Type.Optional(Type.String()),
    /** Delivery state (DELIVERY_STATES, '' when not given). */
    state: Type.Optional(Type.String()),
    status: UserStatusSchema,
    ph_verified: Type.Boolean(),
    role: Type.String(),
    createdAt: DateTimeSchema,
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

export const UserResponseSchema = Type.Object({ user: UserSchema });
export type UserResponse = Static<typeof UserResponseSchema>;

export const UsersResponseSchema = Type.Object({ users: Type.Array(UserSchema) });
export type UsersResponse = Static<typeof UsersResponseSchema>;

/** PUT users/profile. The email is sent by the form but can never be changed. */
export const UpdateProfileBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phone: Type.String({ maxLength: 20, pattern: '^\\+?[0-9 ()-]*$' }),
  address: Type.String({ maxLength: 1000 }),
  /** The "Deliver to" details; left as they are when not sent. */
  pin: Type.Optional(Type.Union([Type.Literal(''), Type.String({ pattern: PIN_CODE_PATTERN })])),
  state: Type.Optional(Type.Union([Type.Literal(''), ...DELIVERY_STATES.map((s) => Type.Literal(s))])),
});
export type UpdateProfileBody = Static<typeof UpdateProfileBodySchema>;

export const UpdateProfileResponseSchema = Type.Object({ user: UserSchema, message: Type.String() });
export type UpdateProfileResponse = Static<typeof UpdateProfileResponseSchema>;

export const UpdateUserStatusBodySchema = Type.Object({ status: UserStatusSchema });
export type UpdateUserStatusBody = Static<typeof UpdateUserStatusBodySchema>;

export const EmailParamsSchema = Type.Object({ email: EmailSchema });
export type EmailParams = Static<typeof EmailParamsSchema>;

export const UsersDashboardResponseSchema = Type.Object({
  users_count: Type.Integer(),
  users: Type.Array(Type.Object({ day: Type.String(), number_of_users: Type.Integer() })),
});
export type UsersDashboardResponse = Static<typeof UsersDashboardResponseSchema>;

