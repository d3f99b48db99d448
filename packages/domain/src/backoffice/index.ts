export * from './staff';
export * from './phases';
export * from './queue';
export * from './approvals';
export * from './finance';
export * from './finance-payments';
export * from './audit';
export * from './assignment';
