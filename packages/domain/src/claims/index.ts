export * from './messages';
export * from './form';
export * from './form-fields';
export * from './payload';
export * from './coverage';
export * from './timeline';
export * from './evidence';
export * from './dto';
