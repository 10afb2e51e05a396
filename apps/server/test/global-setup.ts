import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, migrateDatabase, openDatabase } from '../src/db/database.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

/**
 * Migrates and seeds ONE template per run (PGlite.create costs seconds): test files then load the PGlite
 * dump, or clone the PostgreSQL template database with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-test-'));
  const dumpPath = path.join(dir, 'template.tar.gz');
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplatePath', dumpPath);

  let templateName: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    templateName = `lionrock_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const templateDb = await openDatabase({ databaseUrl: withDatabase(adminUrl, templateName), poolSize: 2 });
    await migrateDatabase(templateDb);
    await seedDatabase(templateDb.db);
    await templateDb.close();
    project.provide('postgresTemplate', templateName);
  } else {
    project.provide('postgresTemplate', '');
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}
