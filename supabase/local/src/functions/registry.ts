/**
 * The Edge Functions in supabase/functions that the stack serves, by name: each one's web-standard handler
 * (handler.ts), given what hosted Supabase gives a function in its environment (SUPABASE_URL and
 * SUPABASE_ANON_KEY). A test checks that every folder in supabase/functions is listed here.
 */
export interface FunctionEnv {
  url: string;
  anonKey: string;
}

export type EdgeHandler = (request: Request, env: FunctionEnv) => Promise<Response>;

export const EDGE_FUNCTIONS: Readonly<Record<string, () => Promise<EdgeHandler>>> = {
  'unsubscribe-one-click': async () =>
    (await import('../../../functions/unsubscribe-one-click/handler.ts')).handleOneClick,
};
