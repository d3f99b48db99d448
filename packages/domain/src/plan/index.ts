export * from './rules';
export * from './contents';
export * from './dto';
