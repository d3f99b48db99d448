export * from './notifications';
export * from './bell';
export * from './labels';
