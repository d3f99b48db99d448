export * from './messages';
export * from './plan-ids';
export * from './items';
export * from './fipe';
export * from './pro-rata';
export * from './vehicle';
export * from './blocking';
export * from './pricing';
