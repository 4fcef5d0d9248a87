export * from './fields';
export * from './links';
export * from './password';
export { characterCount, optionalValue } from './text';
export * from './bank';
export * from './address';
