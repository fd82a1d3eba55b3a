import type { ProfileUpdate, UserWire } from '../../contract/user';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { PROFILE_URL } from '../profile-query';
import { useMutation } from '@tanstack/react-query';

/** PUT /api/profile → the updated user; the client's invalidation refreshes the session's profile. */
export function updateProfile(api: Pick<ApiClient, 'put'>, update: ProfileUpdate): Promise<UserWire> {
  return api.put<UserWire>(PROFILE_URL, update);
}

export function useUpdateProfile() {
  const api = useApiClient();
  return useMutation({ mutationFn: (update: ProfileUpdate) => updateProfile(api, update) });
}
