import type { UserWire } from '../../contract/user';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { PROFILE_URL } from '../profile-query';
import { useMutation } from '@tanstack/react-query';

export const PROFILE_PICTURE_URL = `${PROFILE_URL}/picture`;

/** POST /api/profile/picture, multipart with one `file` part → the user with the new picture URL. */
export function uploadProfilePicture(api: Pick<ApiClient, 'post'>, file: File): Promise<UserWire> {
  const body = new FormData();
  body.append('file', file, file.name || 'foto');
  return api.post<UserWire>(PROFILE_PICTURE_URL, body);
}

export function useUploadProfilePicture() {
  const api = useApiClient();
  return useMutation({ mutationFn: (file: File) => uploadProfilePicture(api, file) });
}
