export * from './rules';
export * from './dto';
