export * from './comments';
export * from './fields';
export * from './links';
export * from './password';
export { characterCount, optionalValue } from './text';
export * from './travellers';
export * from './event-updates';
export * from './flags';
export * from './images';
