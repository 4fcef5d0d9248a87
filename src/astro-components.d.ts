// For `tsc`, which cannot read .astro files: a component imported into a .ts file (the components project's
// tests render them with Astro's container API). `astro check` resolves the real files and checks their props.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
