/**
 * Starts the local Supabase stack for the browser tests: a fresh in-memory database (migrations and seed),
 * the auth limits raised as every test stack raises them (the whole suite signs up from one address), and
 * the built site's origin allowed as a redirect target of e-mail links. The posting limit stays the
 * project's (each browser test posts as members of its own, and one test meets the limit). Loaded by
 * scripts/e2e.mjs with Node's type stripping.
 */
import { startTestStack, type TestDatabaseKind } from '../../supabase/local/test/start-test-stack.ts';
import { COMMENTS_PER_MINUTE } from '../../src/features/comments/comment-rules.ts';

export interface E2eStack {
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startE2eStack({
  port,
  siteUrl,
  database = 'pglite',
}: {
  port: number;
  siteUrl: string;
  database?: TestDatabaseKind;
}): Promise<E2eStack> {
  const stack = await startTestStack({
    database,
    toml: { auth: { site_url: siteUrl, additional_redirect_urls: [`${siteUrl}/**`] } },
    postsPerMinute: COMMENTS_PER_MINUTE,
    configure: (config) => {
      config.port = port;
      config.mailPort = port + 1;
      config.apiUrl = `http://127.0.0.1:${port}`;
    },
  });
  return {
    env: {
      E2E_SUPABASE_URL: stack.url,
      E2E_MAIL_URL: stack.mailUrl ?? '',
      E2E_SUPABASE_ANON_KEY: stack.anonKey,
      E2E_SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    },
    stop: () => stack.close(),
  };
}
