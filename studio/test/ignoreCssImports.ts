import { registerHooks } from 'node:module';

// The `sanity` package imports stylesheets meant for the browser bundle; in Node they load as empty modules
// so its validation code can run in tests.
registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
    return nextLoad(url, context);
  },
});
