import type { CreateRoleInput, Role, RoleList, UpdateRoleInput } from '../../contract/role';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { useSession } from '../../session/session-provider';
import { roleKeys } from '../keys';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ROLES_URL, roleUrl } from './role-urls';

/** GET /api/roles → every role (built-in first) with its keys and how many people hold it. */
export function getRoles(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<RoleList> {
  return api.get<RoleList>(ROLES_URL, { signal });
}

export function rolesQueryOptions(api: Pick<ApiClient, 'get'>) {
  return queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => getRoles(api, signal) });
}

export function useRoles() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...rolesQueryOptions(api), enabled: status === 'authenticated' });
}

/** POST /api/roles → the new custom role (its keys, or copied from `copy_from`). */
export function createRole(api: Pick<ApiClient, 'post'>, input: CreateRoleInput): Promise<Role> {
  return api.post<Role>(ROLES_URL, input);
}

export function useCreateRole() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: CreateRoleInput) => createRole(api, input) });
}

/** PATCH /api/roles/:key → the role renamed or with new keys (admin and cliente keys are fixed: 409). */
export function updateRole(
  api: Pick<ApiClient, 'patch'>,
  key: string,
  input: UpdateRoleInput,
): Promise<Role> {
  return api.patch<Role>(roleUrl(key), input);
}

export function useUpdateRole(key: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: UpdateRoleInput) => updateRole(api, key, input) });
}

/** DELETE /api/roles/:key: a custom role nobody holds (409 for a built-in or one in use). */
export function deleteRole(api: Pick<ApiClient, 'delete'>, key: string): Promise<void> {
  return api.delete<void>(roleUrl(key));
}

export function useDeleteRole() {
  const api = useApiClient();
  return useMutation({ mutationFn: (key: string) => deleteRole(api, key) });
}
