export * from './sso';
