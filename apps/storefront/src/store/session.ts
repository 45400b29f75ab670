/** Who is signed in: the token is the session slice's (persisted); the user is the currentUser query's answer. */
import { selectToken } from '@shop/app-kit/session';
import type { User } from '@shop/domain/schemas/users';
import { useAppSelector } from './hooks';
import { useCurrentUserQuery } from './session-api';

export interface SignedIn {
  /** The signed-in shopper; null when signed out or not known yet. */
  user: User | null;
  /** A token is held and its user is still being fetched. */
  isLoading: boolean;
}

/** The signed-in shopper, from the query cache (fetched once per token). */
export function useSignedIn(): SignedIn {
  const token = useAppSelector(selectToken);
  const { data, isLoading } = useCurrentUserQuery(undefined, { skip: !token });
  return { user: token ? (data ?? null) : null, isLoading: Boolean(token) && isLoading };
}

/** The signed-in shopper or null. */
export function useSignedInUser(): User | null {
  return useSignedIn().user;
}
