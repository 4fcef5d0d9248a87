// npm run db:check: exits 1 when supabase/schemas and supabase/migrations build different databases (on the
// PostgreSQL at TEST_POSTGRES_URL), printing each differing object and the migrations' version of it.
import '../env/load.mjs';
import { buildBothDatabases, compareDatabases, explainDifferences } from './schema-check.ts';

const databases = await buildBothDatabases();
try {
  const differences = await compareDatabases(databases.migrations.url, databases.schemas.url);
  if (differences.length === 0) {
    console.log('supabase/schemas and supabase/migrations build the same database.');
  } else {
    console.log(
      await explainDifferences(differences, {
        url: databases.migrations.url,
        heading:
          'As the migrations build them: paste into supabase/schemas, or write a migration (npm run db:diff)',
      }),
    );
    process.exitCode = 1;
  }
} finally {
  await databases.drop();
}
