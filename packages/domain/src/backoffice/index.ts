export * from './staff';
export * from './phases';
export * from './queue';
