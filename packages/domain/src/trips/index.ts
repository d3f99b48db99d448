export * from './rules';
export * from './dto';
export * from './route';
