import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { useAppDispatch } from '../store/hooks';
import { signedOut } from '@shop/app-kit/session';

/** Logout removes the token, clears the user (and their cached profile and orders) and goes to /login. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return () => {
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    navigate('/login');
  };
}
