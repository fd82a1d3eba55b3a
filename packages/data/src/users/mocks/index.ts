// The users domain's MSW handlers, database and fixtures (gathered by @farol/data/mocks).
export { directoryAudit, directoryPeople } from './fixtures';
export type { StoredPerson } from './fixtures';
export { createUserDirectoryHandlers, createUserDirectoryMock, userDirectoryHandlers } from './handlers';
export type {
  UserDirectoryDatabase,
  UserDirectoryMock,
  UserDirectoryMockOptions,
  UserDirectoryMockState,
} from './handlers';
