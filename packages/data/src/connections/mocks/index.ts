// The connections domain's MSW handlers and fixtures (gathered by @farol/data/mocks).
export {
  CONNECTION_COMPANIES,
  OTHER_KEY,
  PINNED_KEY,
  SAMPLE_CAST,
  connectionFixtures,
  makeConnection,
  makeSession,
  sessionFixtures,
} from './seed';
export { connectionHandlers, createConnectionHandlers, createConnectionMock } from './handlers';
export type { ConnectionMock, ConnectionMockOptions, ConnectionMockState } from './handlers';
