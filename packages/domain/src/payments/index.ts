export * from './messages';
export * from './card';
export * from './pix';
export * from './advance';
export * from './schemas';
export * from './dto';
export * from './provider-payload';
export * from './pix-automatico';
