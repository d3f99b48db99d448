export * from './staff';
export * from './phases';
