export * from './auth';
export * from './constants';
export * from './conversation';
export * from './error';
export * from './notification';
export * from './permissions';
export * from './realtime';
export * from './user';
