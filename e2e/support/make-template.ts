// `node e2e/support/make-template.ts <DATA_DIR>`: the run's embedded database, migrated and seeded once
// as a server's first start makes it (playwright.config.ts). Every shop of the run starts on a copy of
// it (support/template.ts), and its own start then migrates and seeds nothing new (decision 146).
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/database.ts';
import { seedDatabase } from '../../apps/server/src/db/seed/seed.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node e2e/support/make-template.ts <DATA_DIR>');
const database = await openDatabase({ dataDir });
await migrateDatabase(database);
await seedDatabase(database.db);
await database.close();
