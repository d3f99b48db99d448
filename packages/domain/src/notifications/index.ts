export * from './notifications';
export * from './bell';
