import cluster from 'node:cluster';
import { answerPrimaryForMetrics } from '../observability/metrics';

/*
 * Imported first by main.ts, for its side effect: a worker of WORKERS > 1 answers the
 * primary's requests for its metrics from the moment it runs, not only once the gateway has
 * loaded, so that a scrape during a worker's restart is not held up by it (prom-client's
 * primary waits up to 5 s for every connected worker).
 */
if (cluster.isWorker) answerPrimaryForMetrics();
