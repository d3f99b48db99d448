export * from './cases';
export * from './inputs';
export * from './lock-in';
export * from './messages';
export * from './schemas';
export * from './dto';
export * from './reply';
