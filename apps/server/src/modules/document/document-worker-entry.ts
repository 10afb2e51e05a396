// The entry of a document worker thread (decision 093): answers the pool's tasks until it is terminated.
import { parentPort } from 'node:worker_threads';
import { serve } from './document-worker.ts';

if (!parentPort) throw new Error('document-worker-entry.ts runs as a worker thread');
serve(parentPort);
