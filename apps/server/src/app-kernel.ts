import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TConfig } from './config.ts';
import type { TChangeNotifier } from './db/change-notifier.ts';
import type { TDatabase, TDb } from './db/database.ts';
import type { TLimitStore } from './lib/limit-store.ts';
import type { TServerSecrets } from './lib/server-secrets.ts';
import type { TMailSenders } from './modules/notifications/mail-senders.ts';

/**
 * What every module is built from (decision 119): the app its routes join, the database its
 * repositories use, the configuration, the app's clock, the log, the shared limit store, the change
 * notifier, the server's secrets, the mail registry each module adds its senders to, and the nudge that
 * mail was queued. A module's `*-module.ts` takes the kernel and what it needs of other modules, builds
 * repository → service → routes, and returns what other modules may use.
 */
export type TKernel = {
  app: FastifyInstance;
  database: TDatabase;
  db: TDb;
  config: TConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  limits: TLimitStore;
  notifier: TChangeNotifier;
  secrets: TServerSecrets;
  mailSenders: TMailSenders;
  onMailQueued: () => void;
};
