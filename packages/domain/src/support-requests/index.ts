export * from './messages';
export * from './plan-ids';
